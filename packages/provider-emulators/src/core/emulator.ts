import type { Express } from 'express';
import type { Faults } from './faults';
import type { OAuthServer } from './oauth-server';

/**
 * A local stand-in for one provider, speaking its documented protocol: OAuth (authorize page, token,
 * revoke), data endpoints with the real JSON shapes and paging, webhooks signed as the provider signs
 * them, and switchable faults. Meridian reaches it only through the provider's base-URL settings.
 */
export interface ProviderEmulator {
  /** Meridian's provider slug. */
  slug: string;
  app: Express;
  faults: Faults;
  oauth: OAuthServer | null;
  /** The platform app registered with the emulator (client id/secret Meridian is configured with). */
  client: { clientId: string; clientSecret: string; details?: Record<string, unknown> };
  /**
   * Where Meridian's connector points: the API base URL and the OAuth base URL, as paths under the
   * emulator's origin (the same origin for most providers).
   */
  basePaths: { api: string; auth: string };
  /** Tells Meridian new data exists for an account, as the provider's webhook would (signed). */
  notify?(target: string, accountId: string, what?: Record<string, unknown>): Promise<number>;
  /**
   * Where the emulator sends its own webhooks (Garmin push/ping after a backfill request, Fitbit/Oura
   * notifications); absent when the provider only notifies on request (`notify`).
   */
  setWebhookTarget?(url: string): void;
  /** The provider's "now": no data after it. */
  setNow(now: () => Date): void;
}

export interface EmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  now?: () => Date;
  /** Days of history each account has (default 400). */
  historyDays?: number;
  /**
   * The provider's request budget per rate-limit window where the emulator enforces one (default: the
   * documented figure). Tests and benchmarks that backfill many days raise it; faults still apply.
   */
  requestBudget?: number;
}
