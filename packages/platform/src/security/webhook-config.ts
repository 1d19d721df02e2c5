import { config, ConfigError, type Field } from '../config';
import { decodeSecretsKey, trivialSecretsKeyReason } from './secret-box';
import { createTargetAllowList, parseAllowedTargets } from './target-address';

/**
 * Dev-only default of `SECRETS_ENCRYPTION_KEY` so `pnpm start` works out of the box. It is public: set your
 * own key (base64 of 32 random bytes, e.g. `openssl rand -base64 32`) in production (the Helm chart requires it).
 */
export const DEV_SECRETS_ENCRYPTION_KEY = 'bWVyaWRpYW4tZGV2LW9ubHktc2VjcmV0cy1rZXktMzI=';

/** A base64 AES-256 key, checked at boot. */
function secretsKeyField(defaultKey: string): Field<string> {
  const raw = config.string({ secret: true, default: defaultKey });
  return {
    secret: true,
    parse(value, name, env) {
      const key = raw.parse(value, name);
      if (key === defaultKey && env?.NODE_ENV === 'production') {
        throw new ConfigError(
          `Invalid configuration: ${name} must be set to your own key in production (openssl rand -base64 32); the built-in key is public`,
        );
      }
      let bytes: Buffer;
      try {
        bytes = decodeSecretsKey(key);
      } catch {
        throw new ConfigError(`Invalid configuration: ${name} must be the base64 of 32 bytes`);
      }
      const trivial = env?.NODE_ENV === 'production' ? trivialSecretsKeyReason(bytes) : undefined;
      if (trivial) {
        throw new ConfigError(
          `Invalid configuration: ${name} is not a random key (${trivial}); set your own in production (openssl rand -base64 32)`,
        );
      }
      return key;
    },
  };
}

/** Comma-separated hosts, addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`); a malformed CIDR stops the boot. */
function allowedTargetsField(): Field<string[]> {
  return {
    parse(value, name) {
      const targets = parseAllowedTargets(value);
      try {
        createTargetAllowList(targets);
      } catch (err) {
        throw new ConfigError(`Invalid configuration: ${name}: ${(err as Error).message}`);
      }
      return targets;
    },
  };
}

/**
 * The variables of every process that handles webhook secrets and targets: the management API seals
 * secrets and checks targets at creation, event delivery opens them and re-checks at delivery.
 */
export const webhookConfigSpec = {
  SECRETS_ENCRYPTION_KEY: secretsKeyField(DEV_SECRETS_ENCRYPTION_KEY),
  WEBHOOK_ALLOWED_TARGETS: allowedTargetsField(),
};
