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

export function createLogger(opts: {
  service: string;
  level?: string;
  secrets?: readonly string[];
  silent?: boolean;
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
  return winston.createLogger({
    level: opts.level ?? 'info',
    silent: opts.silent,
    defaultMeta: { service: opts.service },
    format: winston.format.combine(
      winston.format.errors({ stack: true }),
      withContext(),
      winston.format.timestamp(),
      redaction(),
      winston.format.json(),
    ),
    transports: [new winston.transports.Console()],
  });
}
