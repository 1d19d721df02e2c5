import { contextHeaders, currentContext, runWithContext, runWithMessageContext } from './request-context';

describe('request context', () => {
  it('is empty outside a request and carries ids inside, across awaits', async () => {
    expect(currentContext()).toBeUndefined();
    expect(contextHeaders()).toEqual({});
    await runWithContext({ requestId: 'r1', traceId: 't1' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(contextHeaders()).toEqual({ 'x-request-id': 'r1', 'x-trace-id': 't1' });
    });
  });

  it('restores the publisher context in a consumer, or starts a new one', () => {
    const seen = runWithMessageContext({ 'x-request-id': 'r2', 'x-trace-id': 't2' }, () => currentContext());
    expect(seen).toEqual({ requestId: 'r2', traceId: 't2' });
    const fresh = runWithMessageContext({}, () => currentContext());
    expect(fresh?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh?.traceId).toBe(fresh?.requestId);
  });
});
