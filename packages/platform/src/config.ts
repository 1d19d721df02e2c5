/**
 * Config is read from the environment once, at boot, into a typed frozen object. A missing or invalid
 * variable throws ConfigError naming it; entry points print it and exit non-zero.
 */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export interface Field<T> {
  /** `env` is the whole environment, for rules that depend on another variable (e.g. NODE_ENV). */
  parse(raw: string | undefined, name: string, env?: Env): T;
  secret?: boolean;
}

function fail(name: string, why: string): never {
  throw new ConfigError(`Invalid configuration: ${name} ${why}`);
}

export const config = {
  /**
   * A public base URL (scheme, host, optional port and path prefix) handed out to browsers and providers
   * (OAuth redirect URIs, webhook URIs, the link widget), returned as written without a trailing slash:
   * providers compare redirect URIs character for character. Credentials, a query or a fragment would end up
   * in every URI built from it: refused. `fallback` computes the default from the environment.
   */
  publicUrl(fallback: (env: Env) => string): Field<string> {
    return {
      parse(raw, name, env = {}) {
        const value = raw === undefined || raw === '' ? fallback(env) : raw;
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          fail(name, 'is not a valid URL');
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(name, 'must use http or https');
        if (url.username || url.password || url.search || url.hash)
          fail(name, 'must be a base URL without credentials, query or fragment');
        return value.replace(/\/+$/, '');
      },
    };
  },
  string(opts: { default?: string; secret?: boolean } = {}): Field<string> {
    return {
      secret: opts.secret,
      parse(raw, name) {
        const v = raw === undefined || raw === '' ? opts.default : raw;
        if (v === undefined) fail(name, 'is required but not set');
        return v;
      },
    };
  },
  optionalString(opts: { secret?: boolean } = {}): Field<string | undefined> {
    return { secret: opts.secret, parse: (raw) => (raw === undefined || raw === '' ? undefined : raw) };
  },
  url(opts: { default?: string; optional?: boolean; secret?: boolean; protocols: string[] }): Field<string> {
    return {
      secret: opts.secret,
      parse(raw, name) {
        const v = raw === undefined || raw === '' ? opts.default : raw;
        if (v === undefined) {
          if (opts.optional) return undefined as unknown as string;
          fail(name, 'is required but not set');
        }
        let u: URL;
        try {
          u = new URL(v);
        } catch {
          fail(name, 'is not a valid URL');
        }
        if (!opts.protocols.includes(u.protocol.replace(':', ''))) {
          fail(name, `must use one of the protocols ${opts.protocols.join(', ')}`);
        }
        return v;
      },
    };
  },
  port(defaultPort: number): Field<number> {
    return {
      parse(raw, name) {
        if (raw === undefined || raw === '') return defaultPort;
        const n = Number(raw);
        if (!Number.isInteger(n) || n < 0 || n > 65535) fail(name, `must be a port number, got "${raw}"`);
        return n;
      },
    };
  },
  int(opts: { default: number; min?: number; max?: number }): Field<number> {
    return {
      parse(raw, name) {
        if (raw === undefined || raw === '') return opts.default;
        const n = Number(raw);
        if (!Number.isInteger(n)) fail(name, `must be an integer, got "${raw}"`);
        if (opts.min !== undefined && n < opts.min) fail(name, `must be >= ${opts.min}`);
        if (opts.max !== undefined && n > opts.max) fail(name, `must be <= ${opts.max}`);
        return n;
      },
    };
  },
  oneOf<const T extends string>(values: readonly T[], defaultValue: T): Field<T> {
    return {
      parse(raw, name) {
        const v = raw === undefined || raw === '' ? defaultValue : raw;
        if (!(values as readonly string[]).includes(v)) fail(name, `must be one of ${values.join(', ')}`);
        return v as T;
      },
    };
  },
  boolean(defaultValue: boolean): Field<boolean> {
    return {
      parse(raw, name) {
        if (raw === undefined || raw === '') return defaultValue;
        if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
        if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
        fail(name, `must be true or false, got "${raw}"`);
      },
    };
  },
};

export type ConfigSpec = Record<string, Field<unknown>>;
export type ConfigOf<S extends ConfigSpec> = {
  readonly [K in keyof S]: S[K] extends Field<infer T> ? T : never;
};

export interface LoadedConfig<S extends ConfigSpec> {
  values: ConfigOf<S>;
  /** Values of secret fields, to register with the log redactor. */
  secrets: string[];
}

export function loadConfig<S extends ConfigSpec>(spec: S, env: Env): LoadedConfig<S> {
  const values: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const [name, field] of Object.entries(spec)) {
    const value = field.parse(env[name], name, env);
    values[name] = value;
    if (field.secret && typeof value === 'string' && value.length > 0) secrets.push(value);
  }
  return { values: Object.freeze(values) as ConfigOf<S>, secrets };
}

/** Shared variables every Meridian process understands. */
export const commonConfigSpec = {
  LOG_LEVEL: config.oneOf(['error', 'warn', 'info', 'debug'] as const, 'info'),
  HOST: config.string({ default: '127.0.0.1' }),
  REGION: config.oneOf(['us', 'eu'] as const, 'us'),
  /**
   * Type of the RabbitMQ queues every process declares: `classic` (default; the embedded/dev broker) or
   * `quorum` (replicated, for a broker cluster). All processes of an install must use the same value.
   */
  AMQP_QUEUE_TYPE: config.oneOf(['classic', 'quorum'] as const, 'classic'),
};
