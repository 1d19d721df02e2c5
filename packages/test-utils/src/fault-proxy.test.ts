import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { waitFor } from './wait-for';

/** A target that echoes every byte back. */
async function startEchoServer(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

interface Client {
  socket: Socket;
  received(): string;
  closed(): boolean;
}

function openClient(port: number): Client {
  const socket = connect({ host: '127.0.0.1', port });
  let data = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.once('close', () => (closed = true));
  return { socket, received: () => data, closed: () => closed };
}

describe('fault proxy', () => {
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let proxy: FaultProxy;
  const clients: Client[] = [];
  const client = (): Client => {
    const c = openClient(proxy.port);
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    echo = await startEchoServer();
    proxy = await startFaultProxy({ targetHost: '127.0.0.1', targetPort: echo.port });
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) c.socket.destroy();
    await proxy.close();
    for (const s of echo.sockets) s.destroy();
    await new Promise((resolve) => echo.server.close(resolve));
  });

  it('relays bytes both ways and counts them', async () => {
    const c = client();
    c.socket.write('ping');
    await waitFor(() => c.received() === 'ping');
    expect(proxy.stats()).toMatchObject({ accepted: 1, active: 1, bytesToTarget: 4, bytesFromTarget: 4 });
    expect(proxy.isCut).toBe(false);
  });

  it('cut destroys live connections and refuses new ones until restore', async () => {
    const before = client();
    before.socket.write('a');
    await waitFor(() => before.received() === 'a');

    proxy.cut();
    expect(proxy.isCut).toBe(true);
    await waitFor(() => before.closed());
    await waitFor(() => echo.sockets.size === 0);

    const during = client();
    during.socket.write('lost');
    await waitFor(() => during.closed());
    expect(during.received()).toBe('');
    expect(proxy.stats()).toMatchObject({ cuts: 1, severed: 1, refused: 1, active: 0, accepted: 1 });

    proxy.restore();
    const after = client();
    after.socket.write('back');
    await waitFor(() => after.received() === 'back');
    expect(proxy.stats()).toMatchObject({ accepted: 2, active: 1 });
  });

  it('a hold cut keeps new connections silent, then connects them through on restore', async () => {
    proxy.cut('hold');
    const held = client();
    held.socket.write('queued');
    await waitFor(() => proxy.stats().held === 1);
    // Give the bytes time to (wrongly) reach the target; none may while held.
    await new Promise((r) => setTimeout(r, 100));
    expect(held.received()).toBe('');
    expect(echo.sockets.size).toBe(0);
    expect(held.closed()).toBe(false);

    proxy.restore();
    await waitFor(() => held.received() === 'queued');
    expect(proxy.stats()).toMatchObject({ held: 0, accepted: 1, active: 1, bytesToTarget: 6 });
  });

  it('a connection the target drops is closed for the client too', async () => {
    const c = client();
    c.socket.write('x');
    await waitFor(() => c.received() === 'x');
    for (const s of echo.sockets) s.destroy();
    await waitFor(() => c.closed());
    await waitFor(() => proxy.stats().active === 0);
  });

  it('an unreachable target closes the client connection', async () => {
    const unreachable = await startFaultProxy({ targetHost: '127.0.0.1', targetPort: 1 });
    try {
      const c = openClient(unreachable.port);
      clients.push(c);
      await waitFor(() => c.closed());
      expect(unreachable.stats().active).toBe(0);
    } finally {
      await unreachable.close();
    }
  });

  it('proxiedUrl swaps host and port and keeps credentials, path and query', () => {
    const url = proxy.proxiedUrl('postgres://postgres:pw@db.example:5432/meridian_t_1?sslmode=disable');
    expect(url).toBe(`postgres://postgres:pw@127.0.0.1:${proxy.port}/meridian_t_1?sslmode=disable`);
    expect(proxy.proxiedUrl('amqp://guest:guest@127.0.0.1:5672/vh')).toBe(
      `amqp://guest:guest@127.0.0.1:${proxy.port}/vh`,
    );
  });
});
