import { Webhook } from 'standardwebhooks';
import { signatureHeaders, signWebhook } from './webhook-signature';

const secretOf = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;

describe('webhook signing', () => {
  const body = JSON.stringify({ event_type: 'daily.data.steps.created', data: { n: 1 } });
  const now = Math.floor(Date.now() / 1000);

  it('produces headers the standardwebhooks library verifies', () => {
    const headers = signatureHeaders([secretOf(1)], 'msg_abc', now, body);
    expect(new Webhook(secretOf(1)).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['svix-signature']).toBe(headers['webhook-signature']);
    expect(headers['svix-id']).toBe('msg_abc');
    expect(headers['svix-timestamp']).toBe(String(now));
  });

  it('carries one signature per secret during a rotation, each verifiable', () => {
    const headers = signatureHeaders([secretOf(2), secretOf(3)], 'msg_rot', now, body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(secretOf(2)).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(secretOf(3)).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(secretOf(4)).verify(body, headers)).toThrow();
  });

  it('signs id, timestamp and body together', () => {
    const sig = signWebhook([secretOf(1)], 'msg_a', now, body);
    expect(signWebhook([secretOf(1)], 'msg_b', now, body)).not.toBe(sig);
    expect(signWebhook([secretOf(1)], 'msg_a', now + 1, body)).not.toBe(sig);
    expect(signWebhook([secretOf(1)], 'msg_a', now, `${body} `)).not.toBe(sig);
    expect(sig).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
});
