import { createHmac, timingSafeEqual } from 'node:crypto';
import { answer, failFirst, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { waitFor } from './wait-for';

const KEY: Buffer = Buffer.alloc(32, 9);

/** Standard Webhooks signing (api-shapes §7.3); the e2e suites verify with the standardwebhooks library. */
function sign(id: string, timestamp: number, body: string, key: Buffer = KEY): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

const verifier = {
  verify(payload: string, headers: Record<string, string>): unknown {
    const expected = Buffer.from(
      sign(headers['webhook-id']!, Number(headers['webhook-timestamp']), payload).slice(3),
    );
    const ok = (headers['webhook-signature'] ?? '')
      .split(' ')
      .map((s) => Buffer.from(s.slice(3)))
      .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
    if (!ok) throw new Error('No matching signature found');
    return JSON.parse(payload) as unknown;
  },
};

function post(
  url: string,
  id: string,
  body: string,
  opts: { key?: Buffer; timeoutMs?: number } = {},
): Promise<Response> {
  const timestamp = Math.floor(Date.now() / 1000);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(id, timestamp, body, opts.key),
    },
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
  });
}

describe('webhook receiver', () => {
  let receiver: WebhookReceiver;

  afterEach(async () => {
    await receiver.close();
  });

  it('answers 204 to a verified delivery and records it with its payload', async () => {
    receiver = await startWebhookReceiver({ verifier });
    const res = await post(receiver.url, 'msg_1', '{"event_type":"x","data":{"n":1}}');
    expect(res.status).toBe(204);
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries[0]).toMatchObject({
      webhookId: 'msg_1',
      attempt: 1,
      verified: true,
      payload: { event_type: 'x', data: { n: 1 } },
      status: 204,
      senderHungUp: false,
    });
    expect(receiver.succeeded()).toHaveLength(1);
  });

  it('answers 400 to a bad signature and records why', async () => {
    receiver = await startWebhookReceiver({ verifier });
    const res = await post(receiver.url, 'msg_2', '{}', { key: Buffer.alloc(32, 1) });
    expect(res.status).toBe(400);
    expect(receiver.deliveries[0]).toMatchObject({ verified: false, payload: undefined, status: 400 });
    expect(receiver.deliveries[0]!.verifyError).toMatch(/signature/);
    expect(receiver.succeeded()).toHaveLength(0);
  });

  it('fails the first attempts of each message, counting attempts per webhook-id', async () => {
    receiver = await startWebhookReceiver({ verifier, responder: failFirst(2, answer.status(500)) });
    const statuses: number[] = [];
    for (const id of ['msg_a', 'msg_a', 'msg_b', 'msg_a', 'msg_b', 'msg_b'])
      statuses.push((await post(receiver.url, id, '{}')).status);
    expect(statuses).toEqual([500, 500, 500, 204, 500, 204]);
    const groups = receiver.byWebhookId();
    expect(groups.get('msg_a')!.map((d) => d.attempt)).toEqual([1, 2, 3]);
    expect(groups.get('msg_b')!.map((d) => d.status)).toEqual([500, 500, 204]);
  });

  it('answers slowly when told to', async () => {
    receiver = await startWebhookReceiver({ verifier, responder: () => answer.slow(300) });
    const started = Date.now();
    const res = await post(receiver.url, 'msg_s', '{}');
    expect(res.status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('hangs until the sender gives up, and records the hang-up', async () => {
    receiver = await startWebhookReceiver({ verifier });
    receiver.setResponder(() => answer.hang());
    await expect(post(receiver.url, 'msg_h', '{}', { timeoutMs: 300 })).rejects.toThrow();
    await waitFor(() => receiver.deliveries[0]?.senderHungUp === true);
    expect(receiver.deliveries[0]!.status).toBeUndefined();
    expect(receiver.succeeded()).toHaveLength(0);
  });

  it('closes promptly with a request still hanging', async () => {
    receiver = await startWebhookReceiver({ verifier, responder: () => answer.hang() });
    const pending = post(receiver.url, 'msg_c', '{}', { timeoutMs: 10_000 });
    pending.catch(() => undefined);
    await waitFor(() => receiver.deliveries.length === 1);
    const started = Date.now();
    await receiver.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(pending).rejects.toThrow(/fetch failed/);
    receiver = await startWebhookReceiver({ verifier }); // afterEach closes this one
  });

  it('answers 404 off its path', async () => {
    receiver = await startWebhookReceiver({ verifier, path: '/in' });
    const res = await fetch(receiver.url.replace('/in', '/other'), { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(receiver.deliveries).toHaveLength(0);
  });
});
