import { clientUserIdViolation } from './client-user-id';
import { isValidContinuousQuerySlug, isValidContinuousQueryTitle } from './continuous-query';

describe('client_user_id PII guard', () => {
  it.each([
    ['jane.doe@example.com', 'email_address'],
    ['user:jane@example.co.uk', 'email_address'],
    ['mailto:someone', 'email_address'],
    ['+1 415 555 0100', 'phone_number'],
    ['(415) 555-0100', 'phone_number'],
    ['+447911123456', 'phone_number'],
    ['415-555-0100', 'phone_number'],
    ['tel:+14155550100', 'phone_number'],
  ])('refuses %s as %s', (value, reason) => {
    expect(clientUserIdViolation(value)).toBe(reason);
  });

  it.each([
    '12345678',
    '4155550100',
    '0b7e5a3c-93a4-4a3e-9d0e-6f0f2c1f7a11',
    'user_42',
    'patient-0001',
    'a@b',
    '123-456',
  ])('allows %s', (value) => {
    expect(clientUserIdViolation(value)).toBeNull();
  });
});

describe('continuous query slug and title rules', () => {
  it.each(['a', 'sleep-analysis-v1', 'x'.repeat(128), '0-1'])('accepts slug %s', (slug) => {
    expect(isValidContinuousQuerySlug(slug)).toBe(true);
  });
  it.each(['', '-a', 'a-', 'a--b', 'Upper', 'under_score', 'x'.repeat(129), 'sp ace'])(
    'refuses slug %j',
    (slug) => {
      expect(isValidContinuousQuerySlug(slug)).toBe(false);
    },
  );
  it.each(['', 'Sleep (weekly) & more_v1.2 - É à ö', 'x'.repeat(50)])('accepts title %j', (title) => {
    expect(isValidContinuousQueryTitle(title)).toBe(true);
  });
  it.each(['x'.repeat(51), 'semi;colon', 'emoji 😀', 'slash/'])('refuses title %j', (title) => {
    expect(isValidContinuousQueryTitle(title)).toBe(false);
  });
});
