import http, { type RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger';
import { closeServer, listen } from '../shutdown';
import { errorEnvelope } from './error-mapper';

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

interface ClientError extends Error {
  code?: string;
  bytesParsed?: number;
  rawPacket?: Buffer;
}

/**
 * Whether Node's parser gave up inside the request line (the URI), judged from the bytes it was parsing:
 * the packet starts a request and holds no line end before the point of failure. A packet continuing an
 * earlier one cannot tell; that case answers 431, which covers the whole header section.
 */
function overflowedInRequestLine(err: ClientError): boolean {
  const raw = err.rawPacket;
  if (!raw) return false;
  const parsed = raw.subarray(0, err.bytesParsed ?? raw.length);
  const startsRequest = /^[A-Z]+ /.test(parsed.subarray(0, 16).toString('latin1'));
  return startsRequest && parsed.indexOf('\r\n') === -1;
}

interface ClientErrorAnswer {
  status: number;
  body: ReturnType<typeof errorEnvelope>;
}

const OTHER_PARSER_ERRORS: Record<string, ClientErrorAnswer> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    body: errorEnvelope('payload_too_large', 'The request body is too large.'),
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: errorEnvelope('request_timeout', 'The request did not arrive in time.'),
  },
};

const NOT_HTTP: ClientErrorAnswer = {
  status: 400,
  body: errorEnvelope('bad_request', 'The request is not valid HTTP.'),
};

/** Status and JSON body for a request Node's HTTP parser refused before the app saw it. */
export function clientErrorAnswer(err: ClientError, maxHeaderSize = http.maxHeaderSize): ClientErrorAnswer {
  if (err.code !== 'HPE_HEADER_OVERFLOW') return OTHER_PARSER_ERRORS[err.code ?? ''] ?? NOT_HTTP;
  const limit = `the request line and headers may hold ${maxHeaderSize} bytes together`;
  return overflowedInRequestLine(err)
    ? { status: 414, body: errorEnvelope('uri_too_long', `The request URI is too long: ${limit}.`) }
    : {
        status: 431,
        body: errorEnvelope(
          'request_header_fields_too_large',
          `The request headers are too large: ${limit}.`,
        ),
      };
}

/**
 * Node answers what its parser refuses (a 1 MB query string, oversized headers, broken framing) with an
 * empty 431/400 of its own; ours carries the JSON error envelope like every other answer of the API.
 */
function answerClientError(logger: Logger) {
  return (err: ClientError, socket: Duplex) => {
    // Gone, or answered already (the parser reports each further packet of the same request).
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, body } = clientErrorAnswer(err);
    const json = JSON.stringify(body);
    logger.info('malformed request refused', { status, code: err.code });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  };
}

/**
 * Server timeouts for an API behind a load balancer (issue 11). A client must send its request line and
 * headers within `headersMs` and the whole request within `requestMs` (uploads of up to 30 MiB included),
 * so slow-header and slow-body clients cannot hold a connection for minutes; idle keep-alive connections
 * stay open `keepAliveMs`, longer than the usual 60 s idle timeout of load balancers, so the balancer (not
 * the server) closes them and never sends on a socket the server is closing. Deadlines are checked every
 * second (Node checks every 30 s by default).
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 65_000,
};

/** Serves an app on `host:port` (0 picks a free port) and reports the URL it listens on. */
export async function serveHttp(
  app: RequestListener,
  opts: { name: string; host: string; port: number; logger: Logger; timeouts?: Partial<HttpTimeouts> },
): Promise<RunningService> {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.timeouts };
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    app,
  );
  server.on('clientError', answerClientError(opts.logger));
  await listen(server, opts.port, opts.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.logger.info(`${opts.name} listening`, { host: opts.host, port });
  return { url: `http://${opts.host}:${port}`, close: () => closeServer(server) };
}
