import { CLIENT_USER_ID_RULE, ValidationError } from '@meridian/domain';
import { clientUserIdIssue, ingestionBoundsIssue, undoSelector, userInputIssues } from './user-input.rules';

describe('clientUserIdIssue', () => {
  it.each([
    ['someone@example.com', 'email_address'],
    ['+1 415 555 0100', 'phone_number'],
    ['(415) 555-0100', 'phone_number'],
  ])('names the rule for %p without echoing the personal data', (value, reason) => {
    const issue = clientUserIdIssue(value);
    expect(issue).toEqual({
      loc: ['body', 'client_user_id'],
      msg: CLIENT_USER_ID_RULE,
      type: 'value_error',
      input: null,
      ctx: { reason },
    });
    expect(JSON.stringify(issue)).not.toContain(value);
  });

  it.each(['12345678', 'user_42', '3f1c7f0e-8d0b-4c53-9a0e-2f5d6a1b9c7e'])('allows %p', (value) => {
    expect(clientUserIdIssue(value)).toBeNull();
  });
});

describe('ingestionBoundsIssue', () => {
  const stored = { ingestionStart: '2024-01-10', ingestionEnd: '2024-01-20' };

  it('accepts equal, open and cleared bounds', () => {
    expect(ingestionBoundsIssue({ ingestion_start: '2024-01-01', ingestion_end: '2024-01-01' })).toBeNull();
    expect(ingestionBoundsIssue({ ingestion_start: '2024-01-01' })).toBeNull();
    expect(ingestionBoundsIssue({ ingestion_end: null, ingestion_start: '2025-01-01' }, stored)).toBeNull();
    expect(ingestionBoundsIssue({}, stored)).toBeNull();
  });

  it('checks a new bound against the stored other one, at the key being set', () => {
    expect(ingestionBoundsIssue({ ingestion_start: '2024-01-21' }, stored)).toMatchObject({
      loc: ['body', 'ingestion_start'],
      input: '2024-01-21',
      ctx: { ingestion_start: '2024-01-21', ingestion_end: '2024-01-20' },
    });
    expect(ingestionBoundsIssue({ ingestion_end: '2024-01-09' }, stored)?.loc).toEqual([
      'body',
      'ingestion_end',
    ]);
  });

  it('reports ingestion_end when both are set', () => {
    expect(ingestionBoundsIssue({ ingestion_start: '2024-02-02', ingestion_end: '2024-02-01' })?.loc).toEqual(
      ['body', 'ingestion_end'],
    );
  });
});

describe('userInputIssues', () => {
  it('is empty for a valid body', () => {
    expect(
      userInputIssues({
        client_user_id: 'u-1',
        fallback_time_zone: 'Europe/Berlin',
        fallback_birth_date: '2000-02-29',
        ingestion_start: null,
        ingestion_end: '2024-01-01',
      }),
    ).toEqual([]);
  });

  it('collects every broken rule, skipping the bounds check when a date is not a date', () => {
    const issues = userInputIssues({
      client_user_id: 'a@b.de',
      fallback_time_zone: 'Not/AZone',
      ingestion_start: '2024-02-30',
      ingestion_end: '2024-01-01',
    });
    expect(issues.map((i) => [i.loc[1], i.type])).toEqual([
      ['client_user_id', 'value_error'],
      ['fallback_time_zone', 'value_error'],
      ['ingestion_start', 'date_parsing'],
    ]);
  });
});

describe('undoSelector', () => {
  const id = '3f1c7f0e-8d0b-4c53-9a0e-2f5d6a1b9c7e';

  it('prefers user_id, and the query over the body', () => {
    expect(undoSelector({ user_id: id, client_user_id: 'c' }, undefined)).toEqual({ userId: id });
    expect(undoSelector({ client_user_id: 'c' }, { user_id: id })).toEqual({ clientUserId: 'c' });
    expect(undoSelector({}, { client_user_id: 'c', user_id: id })).toEqual({ userId: id });
    expect(undoSelector({}, { client_user_id: 'c' })).toEqual({ clientUserId: 'c' });
  });

  it('throws a 422 "missing" when neither source names the user', () => {
    for (const body of [undefined, null, {}, 'text', { user_id: 42 }]) {
      expect(() => undoSelector({}, body)).toThrow(ValidationError);
    }
    try {
      undoSelector({ unrelated: 'x' } as never, {});
    } catch (err) {
      expect((err as ValidationError).issues).toEqual([
        {
          loc: ['query', 'user_id'],
          msg: expect.any(String),
          type: 'missing',
          input: { unrelated: 'x' },
          ctx: {},
        },
      ]);
    }
  });
});
