import { createServer, type Server } from 'node:net';
import { brokerAvailable, brokerCheck, probeBroker } from './broker';

/** Whether RabbitMQ is there is known synchronously, before tests are declared (see describeWithBroker). */
describe('broker availability', () => {
  const PROBE_ENV = 'MERIDIAN_TEST_BROKER_PROBE';
  let saved: string | undefined;
  let server: Server;
  let openUrl: string;
  let closedUrl: string;

  const listen = async (): Promise<{ server: Server; port: number }> => {
    const s = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return { server: s, port: (s.address() as { port: number }).port };
  };

  beforeAll(async () => {
    saved = process.env[PROBE_ENV];
    const open = await listen();
    server = open.server;
    openUrl = `amqp://guest:guest@127.0.0.1:${open.port}`;
    // A port that was just free: nothing listens there once the server is closed.
    const closed = await listen();
    await new Promise((resolve) => closed.server.close(resolve));
    closedUrl = `amqp://guest:guest@127.0.0.1:${closed.port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    delete process.env[PROBE_ENV];
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[PROBE_ENV];
    else process.env[PROBE_ENV] = saved;
  });

  it('probes synchronously when the global setup left no answer', () => {
    expect(brokerAvailable(openUrl)).toBe(true);
    delete process.env[PROBE_ENV];
    expect(brokerAvailable(closedUrl)).toBe(false);
  });

  it('probes asynchronously for the global setup', async () => {
    expect(await probeBroker(openUrl)).toBe(true);
    expect(await probeBroker(closedUrl)).toBe(false);
  });

  it("reuses the global setup's answer for the same broker only", () => {
    const closed = new URL(closedUrl);
    process.env[PROBE_ENV] = `127.0.0.1:${closed.port}=reachable`;
    expect(brokerAvailable(closedUrl)).toBe(true); // remembered, not probed again
    expect(brokerAvailable(openUrl)).toBe(true); // another address: probed
    expect(process.env[PROBE_ENV]).toBe(`127.0.0.1:${new URL(openUrl).port}=reachable`);
  });

  it('names the address, never the credentials, when the broker is missing', () => {
    expect(brokerCheck(closedUrl)).toEqual({
      available: false,
      missing: `RabbitMQ is not reachable at 127.0.0.1:${new URL(closedUrl).port}`,
    });
  });
});
