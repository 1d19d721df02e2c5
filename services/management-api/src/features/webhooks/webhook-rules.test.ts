import { ValidationError } from '@meridian/domain';
import { DATA_EVENT_RESOURCE_COUNT, WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { assertValidHeaders, redactHeaders } from './webhook-headers';
import { generateWebhookSecret, isValidWebhookSecret, newWebhookId } from './webhook-secret';

describe('webhook rules', () => {
  it('knows the data events of the 60 resources and the other event types', () => {
    expect(DATA_EVENT_RESOURCE_COUNT).toBe(60);
    for (const type of [
      'daily.data.weight.created',
      'daily.data.sleep_cycle.updated',
      'historical.data.workout_stream.created',
      'daily.timeseries.hypnogram.updated',
      'message.attempt.exhausted',
      'labtest.result.critical',
    ]) {
      expect(WEBHOOK_EVENT_TYPES.has(type)).toBe(true);
    }
    for (const type of ['daily.data.body_weight.created', 'historical.data.weight.updated', 'daily.data']) {
      expect(WEBHOOK_EVENT_TYPES.has(type)).toBe(false);
    }
    expect(WEBHOOK_EVENT_TYPES.size).toBe(60 * 3 + 16);
  });

  it('generates and checks whsec_ secrets of 24 to 64 bytes', () => {
    const secret = generateWebhookSecret();
    expect(isValidWebhookSecret(secret)).toBe(true);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    const of = (n: number) => `whsec_${Buffer.alloc(n, 7).toString('base64')}`;
    expect(isValidWebhookSecret(of(64))).toBe(true);
    expect(isValidWebhookSecret(of(23))).toBe(false);
    expect(isValidWebhookSecret(of(65))).toBe(false);
    expect(isValidWebhookSecret(of(32).slice(6))).toBe(false);
    expect(isValidWebhookSecret(`${of(32)}!`)).toBe(false);
    expect(newWebhookId()).toMatch(/^ep_[A-Za-z0-9_-]{24}$/);
  });

  it('redacts sensitive header values', () => {
    expect(
      redactHeaders({ 'X-Team': 'a', Authorization: 'Bearer x', 'X-Api-Key': 'k', 'x-auth-token': 't' }),
    ).toEqual({
      headers: {
        'X-Team': 'a',
        Authorization: '********',
        'X-Api-Key': '********',
        'x-auth-token': '********',
      },
      sensitive: ['Authorization', 'X-Api-Key', 'x-auth-token'],
    });
  });

  it.each([
    [{ 'bad name': 'x' }, 'bad name'],
    [{ 'Webhook-Id': 'x' }, 'Webhook-Id'],
    [{ 'svix-signature': 'x' }, 'svix-signature'],
    [{ 'Content-Type': 'x' }, 'Content-Type'],
    [{ Host: 'x' }, 'Host'],
    [{ 'X-A': 'x', 'x-a': 'y' }, 'x-a'],
    [{ 'X-A': 'x\r\nX-B: y' }, 'X-A'],
  ])('refuses %j', (headers, name) => {
    let caught: unknown;
    try {
      assertValidHeaders(headers);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues[0]!.loc).toEqual(['body', 'headers', name]);
  });

  it('accepts ordinary headers', () => {
    expect(() => assertValidHeaders({ 'X-Team': 'alpha', Authorization: 'Bearer abc' })).not.toThrow();
  });

  it('bounds names to 256 characters, values to 4,096 and the count to 20', () => {
    const issueOf = (headers: Record<string, string>) => {
      try {
        assertValidHeaders(headers);
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        return (err as ValidationError).issues[0];
      }
      return undefined;
    };
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`X-H${i}`, 'v']));
    expect(issueOf(twenty)).toBeUndefined();
    expect(issueOf({ ...twenty, 'X-H20': 'v' })).toMatchObject({ loc: ['body', 'headers'], input: 21 });
    expect(issueOf({ [`X-${'a'.repeat(254)}`]: 'v' })).toBeUndefined();
    const long = `X-${'a'.repeat(255)}`;
    // The name is cut in `loc` and the input is its length: a 422 never echoes a huge value.
    expect(issueOf({ [long]: 'v' })).toMatchObject({
      loc: ['body', 'headers', long.slice(0, 256)],
      type: 'string_too_long',
      input: 257,
    });
    expect(issueOf({ 'X-A': 'v'.repeat(4096) })).toBeUndefined();
    expect(issueOf({ 'X-A': 'v'.repeat(4097) })).toMatchObject({
      loc: ['body', 'headers', 'X-A'],
      type: 'string_too_long',
      input: 4097,
    });
  });
});
