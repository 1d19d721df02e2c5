import type { Knex } from '@meridian/db';
import type { ProviderSettings } from '@meridian/connectors';
import type { Transport } from '@meridian/messaging';
import type { Logger, SecretBox, TargetAllowList } from '@meridian/platform';

/** What every sync use case receives (built once in each process's composition root). */
export interface SyncDeps {
  db: Knex;
  /** Seals provider tokens and opens team custom credentials. */
  secretBox: SecretBox;
  /** Per-provider URLs and the platform's OAuth apps (`providerSettingsFromEnv`, or the emulators). */
  providers: Map<string, ProviderSettings>;
  /** SSRF rules for provider URLs; null when talking to local emulators or in tests. */
  allowList: TargetAllowList | null;
  clock: () => Date;
  logger: Logger;
  /** Publishes `scheduler.task.provider_sync`; absent in tests that drive the engine directly. */
  transport?: Pick<Transport, 'publish'>;
  /** The hosted link widget's URL, for the re-link hint in `provider.connection.error`. */
  linkWebUrl?: string;
}
