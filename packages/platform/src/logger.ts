import winston from 'winston';
import { currentContext } from './request-context';

export type Logger = winston.Logger;

/** Keys whose values never reach a log line, wherever they appear in the metadata. */
const SENSITIVE_KEY =
  /(authorization|api[-_]?key|management[-_]?key|org[-_]?key|secret|password|token|connection_?string|database_url|amqp_url|cookie|^key$|^value$)/i;
const REDACTED = '[REDACTED]';

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') {
    let out = value;
    for (const s of secrets) if (s && out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  }
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    // Errors serialise to {} in JSON; keep what helps an operator. pg's `detail` (row values) is left out.
    const code = (value as { code?: unknown }).code;
    return redactValue(
      {
        name: value.name,
        message: value.message,
        ...(code !== undefined ? { code } : {}),
        stack: value.stack,
      },
      secrets,
      depth + 1,
    );
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE_KEY.test(k) ? REDACTED : redactValue(v, secrets, depth + 1);
  }
  return out;
}

/** Redacts sensitive keys and registered secret values (also inside messages and stack traces). */
export function redact(info: Record<string, unknown>, secrets: readonly string[]): Record<string, unknown> {
  for (const key of Object.keys(info)) {
    if (key === 'level') continue;
    info[key] = SENSITIVE_KEY.test(key) && key !== 'message' ? REDACTED : redactValue(info[key], secrets, 0);
  }
  return info;
}

/** `json` for log collectors; `pretty` (one coloured line per entry) for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** Human-readable at a terminal; JSON when the output is not a TTY (a file, a pipe, a collector) or in production. */
export function logFormatFor(opts: { isTTY: boolean | undefined; nodeEnv: string | undefined }): LogFormat {
  return opts.isTTY === true && opts.nodeEnv !== 'production' ? 'pretty' : 'json';
}

const LEVEL_COLOURS: Record<string, string> = { error: '31', warn: '33', info: '32', debug: '90' };
const colour = (code: string | undefined, text: string) => (code ? `\u001b[${code}m${text}\u001b[39m` : text);

function prettyValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return typeof value;
  return JSON.stringify(value);
}

const twoDigits = (n: number, width = 2) => String(n).padStart(width, '0');

/** `12:03:04.123 INFO  data-api  message key=value …`, an error's stack indented below. */
export function formatPrettyLine(info: Record<string, unknown>, opts: { colours: boolean }): string {
  const { level, message, timestamp, service, stack: ownStack, ...meta } = info;
  const at = typeof timestamp === 'string' ? new Date(timestamp) : new Date();
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}.${twoDigits(at.getMilliseconds(), 3)}`;
  const levelText = String(level).toUpperCase().padEnd(5);
  const parts = [
    opts.colours ? colour('90', time) : time,
    opts.colours ? colour(LEVEL_COLOURS[String(level)], levelText) : levelText,
    typeof service === 'string' ? (opts.colours ? colour('36', service) : service) : undefined,
    typeof message === 'string' ? message : prettyValue(message),
  ];
  const stacks: string[] = [];
  for (const [key, value] of Object.entries(meta)) {
    const stack = (value as { stack?: unknown } | null)?.stack;
    if (value !== null && typeof value === 'object' && typeof stack === 'string') {
      const { stack: _stack, ...rest } = value as Record<string, unknown>;
      parts.push(`${key}=${prettyValue(rest)}`);
      stacks.push(stack.replace(/^/gm, '    '));
    } else {
      parts.push(`${key}=${prettyValue(value)}`);
    }
  }
  if (typeof ownStack === 'string') stacks.unshift(ownStack.replace(/^/gm, '    '));
  return [parts.filter((p) => p !== undefined).join(' '), ...stacks].join('\n');
}

export function createLogger(opts: {
  service: string;
  level?: string;
  secrets?: readonly string[];
  silent?: boolean;
  /** Default `json`; the entry points pass `logFormatFor(...)`. */
  format?: LogFormat;
  /** Where lines go; standard output by default. */
  stream?: NodeJS.WritableStream;
}): Logger {
  const secrets = [...(opts.secrets ?? [])];
  const withContext = winston.format((info) => {
    const ctx = currentContext();
    if (ctx) {
      info.request_id = ctx.requestId;
      info.trace_id = ctx.traceId;
    }
    return info;
  });
  const redaction = winston.format((info) => {
    redact(info, secrets);
    return info;
  });
  const colours = opts.stream === undefined && process.stdout.isTTY === true;
  const output =
    opts.format === 'pretty'
      ? winston.format.printf((info) => formatPrettyLine(info, { colours }))
      : winston.format.json();
  return winston.createLogger({
    level: opts.level ?? 'info',
    silent: opts.silent,
    defaultMeta: { service: opts.service },
    format: winston.format.combine(
      winston.format.errors({ stack: true }),
      withContext(),
      winston.format.timestamp(),
      redaction(),
      output,
    ),
    transports: [
      opts.stream ? new winston.transports.Stream({ stream: opts.stream }) : new winston.transports.Console(),
    ],
  });
}
