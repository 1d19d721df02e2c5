import { createServer, type Server } from 'node:net';
import { ConfigError } from './config';
import { assertPortsFree, PortInUseError, startupFailureLine } from './main-runner';

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('assertPortsFree', () => {
  it('names the taken port, what would listen there and the variable that moves it', async () => {
    const taken = await listenOn(0);
    const port = portOf(taken);
    try {
      const check = assertPortsFree([
        { port: 0, host: '127.0.0.1', owner: 'data-api', variable: 'DATA_API_PORT' },
        { port, host: '127.0.0.1', owner: 'lab-report-parser (health)', variable: 'WORKER_HEALTH_PORT' },
      ]);
      await expect(check).rejects.toBeInstanceOf(PortInUseError);
      await expect(check).rejects.toThrow(
        `Port ${port} on 127.0.0.1 (lab-report-parser (health)) is already in use: stop what listens there, or set WORKER_HEALTH_PORT to another port.`,
      );
    } finally {
      await close(taken);
    }
  });

  it('passes free ports and leaves them free', async () => {
    const probe = await listenOn(0);
    const port = portOf(probe);
    await close(probe);
    await expect(
      assertPortsFree([{ port, host: '127.0.0.1', owner: 'data-api', variable: 'DATA_API_PORT' }]),
    ).resolves.toBeUndefined();
    await close(await listenOn(port));
  });

  it('refuses one port configured for two processes', async () => {
    const probe = await listenOn(0);
    const port = portOf(probe);
    await close(probe);
    await expect(
      assertPortsFree([
        { port, host: '127.0.0.1', owner: 'data-api', variable: 'DATA_API_PORT' },
        { port, host: '127.0.0.1', owner: 'management-api', variable: 'MANAGEMENT_API_PORT' },
      ]),
    ).rejects.toThrow(
      /configured twice, for data-api \(DATA_API_PORT\) and management-api \(MANAGEMENT_API_PORT\)/,
    );
  });
});

describe('startupFailureLine', () => {
  it('gives one line for configuration errors and taken ports, none for other failures', () => {
    expect(startupFailureLine(new ConfigError('Invalid configuration: X'))).toBe('Invalid configuration: X');
    const listenError = Object.assign(new Error('listen EADDRINUSE'), {
      code: 'EADDRINUSE',
      syscall: 'listen',
      port: 8010,
      address: '127.0.0.1',
    });
    expect(startupFailureLine(listenError)).toContain('Port 8010 on 127.0.0.1 is already in use');
    expect(startupFailureLine(new Error('boom'))).toBeUndefined();
  });
});
