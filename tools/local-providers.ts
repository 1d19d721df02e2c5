/**
 * `pnpm start` without provider credentials: every provider whose `PROVIDER_<SLUG>_CLIENT_ID` /
 * `_CLIENT_SECRET` are not set is served by its local emulator (fixed ports from PROVIDER_EMULATOR_PORT,
 * so OAuth redirects survive a restart), and Meridian's connectors are pointed at it — the same code path
 * as production, only the base URLs differ. Providers with credentials keep their real URLs.
 */
import { CONNECTORS, providerSettingsFromEnv, type ProviderSettings } from '@meridian/connectors';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';

export interface LocalProviders {
  settings: Map<string, ProviderSettings>;
  emulators: Map<string, RunningEmulator>;
  close(): Promise<void>;
}

/** Providers with no credentials configured, and the port each one's emulator takes (0: any free port). */
export function plannedEmulators(
  settings: Map<string, ProviderSettings>,
  basePort: number,
): { slug: string; port: number }[] {
  return CONNECTORS.flatMap((connector, i) =>
    settings.get(connector.slug)?.client
      ? []
      : [{ slug: connector.slug, port: basePort === 0 ? 0 : basePort + i }],
  );
}

export async function startLocalProviders(
  env: NodeJS.ProcessEnv,
  options: { basePort: number; dataApiPublicUrl: string; log: (message: string, meta?: object) => void },
): Promise<LocalProviders> {
  const settings = providerSettingsFromEnv(env);
  const emulators = new Map<string, RunningEmulator>();
  for (const { slug, port } of plannedEmulators(settings, options.basePort)) {
    try {
      const running = await startEmulator(slug, { port });
      emulators.set(slug, running);
      settings.set(slug, {
        slug: slug as ProviderSettings['slug'],
        apiUrl: running.apiUrl,
        authUrl: running.authUrl,
        client: running.emulator.client,
        emulated: true,
      });
      running.emulator.setWebhookTarget?.(`${options.dataApiPublicUrl}/v2/provider_webhooks/${slug}`);
    } catch (err) {
      options.log('provider emulator not started', { provider: slug, error: String(err) });
    }
  }
  if (emulators.size > 0) {
    options.log('provider emulators running (no credentials configured for these providers)', {
      providers: Object.fromEntries([...emulators].map(([slug, r]) => [slug, r.server.url])),
    });
  }
  return {
    settings,
    emulators,
    close: async () => {
      await Promise.all([...emulators.values()].map((r) => r.server.close()));
    },
  };
}
