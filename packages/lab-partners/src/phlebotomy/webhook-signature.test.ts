import { WebhookSignatureError } from './errors';
import { signWebhookPayload, verifyWebhookSignature, type VerifyInput } from './webhook-signature';

const body = '{"event":"draw_request.assigned"}';
const now = new Date('2026-10-30T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

function input(overrides: Partial<VerifyInput> = {}): VerifyInput {
  return {
    provider: 'phlebfinders',
    secrets: ['s1'],
    timestamp: String(t),
    signatures: [signWebhookPayload('s1', t, body, 'base64')],
    rawBody: body,
    encoding: 'base64',
    now,
    ...overrides,
  };
}

function problem(i: VerifyInput): string {
  try {
    verifyWebhookSignature(i);
    return 'ok';
  } catch (err) {
    if (err instanceof WebhookSignatureError) return err.problem;
    throw err;
  }
}

describe('verifyWebhookSignature', () => {
  it('accepts a fresh signature over timestamp and body', () => {
    expect(problem(input())).toBe('ok');
    expect(problem(input({ rawBody: Buffer.from(body) }))).toBe('ok');
  });

  it('signs the timestamp with the body: changing either breaks it', () => {
    expect(problem(input({ rawBody: `${body} ` }))).toBe('mismatch');
    expect(problem(input({ timestamp: String(t + 1) }))).toBe('mismatch');
    expect(signWebhookPayload('s1', t, body, 'hex')).not.toBe(signWebhookPayload('s1', t + 1, body, 'hex'));
  });

  it('accepts any current secret and any of several signatures (rotation)', () => {
    const other = signWebhookPayload('s2', t, body, 'base64');
    expect(problem(input({ secrets: ['s0', 's1'] }))).toBe('ok');
    expect(problem(input({ signatures: ['AAAA', other], secrets: ['s2'] }))).toBe('ok');
    expect(problem(input({ secrets: ['s2'] }))).toBe('mismatch');
  });

  it('refuses deliveries outside the tolerance either way', () => {
    const at = (ts: number) =>
      input({ timestamp: String(ts), signatures: [signWebhookPayload('s1', ts, body, 'base64')] });
    expect(problem(at(t - 300))).toBe('ok');
    expect(problem(at(t - 301))).toBe('stale');
    expect(problem(at(t + 301))).toBe('stale');
    expect(problem({ ...at(t - 1000), toleranceSeconds: 1200 })).toBe('ok');
  });

  it('tells missing and malformed inputs apart', () => {
    expect(problem(input({ timestamp: undefined }))).toBe('missing');
    expect(problem(input({ signatures: [] }))).toBe('missing');
    expect(problem(input({ timestamp: '-5' }))).toBe('malformed');
    expect(problem(input({ timestamp: '1e9' }))).toBe('malformed');
    expect(problem(input({ signatures: ['not base64 at all!!'] }))).toBe('mismatch');
  });
});
