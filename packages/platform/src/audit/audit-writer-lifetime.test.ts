import { serveWithAuditWriter } from './audit-writer-lifetime';

describe('serveWithAuditWriter', () => {
  it('closes the writer after the server, so what the last requests recorded is written', async () => {
    const order: string[] = [];
    const writer = { close: async () => void order.push('writer') };
    const running = await serveWithAuditWriter(writer, async () => ({
      url: 'http://127.0.0.1:1',
      close: async () => void order.push('server'),
    }));
    expect(running.url).toBe('http://127.0.0.1:1');
    expect(order).toEqual([]);
    await running.close();
    expect(order).toEqual(['server', 'writer']);
  });

  it('closes the writer when the server cannot start, or fails to stop', async () => {
    const closes: string[] = [];
    const writer = { close: async () => void closes.push('writer') };
    await expect(serveWithAuditWriter(writer, () => Promise.reject(new Error('EADDRINUSE')))).rejects.toThrow(
      'EADDRINUSE',
    );
    expect(closes).toEqual(['writer']);
    const running = await serveWithAuditWriter(writer, async () => ({
      url: 'u',
      close: () => Promise.reject(new Error('stuck')),
    }));
    await expect(running.close()).rejects.toThrow('stuck');
    expect(closes).toEqual(['writer', 'writer']);
  });
});
