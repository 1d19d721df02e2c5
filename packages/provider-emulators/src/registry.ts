import type { EmulatorOptions, ProviderEmulator } from './core/emulator';
import { listen, type RunningServer } from './core/server';
import { createDexcomEmulator } from './dexcom';
import { createFitbitEmulator } from './fitbit';
import { createGarminEmulator } from './garmin';
import { createFreestyleLibreEmulator, createLibreViewEmulator } from './libreview';
import { createOuraEmulator } from './oura';
import { createPolarEmulator } from './polar';
import { createStravaEmulator } from './strava';
import { createWhoopEmulator } from './whoop';
import { createWithingsEmulator } from './withings';

export const EMULATOR_FACTORIES: Record<string, (options?: EmulatorOptions) => ProviderEmulator> = {
  oura: createOuraEmulator,
  fitbit: createFitbitEmulator,
  withings: createWithingsEmulator,
  whoop_v2: createWhoopEmulator,
  polar: createPolarEmulator,
  garmin: createGarminEmulator,
  dexcom_v3: createDexcomEmulator,
  strava: createStravaEmulator,
  abbott_libreview: createLibreViewEmulator,
  freestyle_libre: createFreestyleLibreEmulator,
};

export interface RunningEmulator {
  emulator: ProviderEmulator;
  /** Absolute base URLs to configure Meridian with (PROVIDER_<SLUG>_API_URL / _AUTH_URL). */
  apiUrl: string;
  authUrl: string;
  server: RunningServer;
}

/** Starts one emulator on its own port (0 = any free port). */
export async function startEmulator(
  slug: string,
  options: EmulatorOptions & { port?: number } = {},
): Promise<RunningEmulator> {
  const factory = EMULATOR_FACTORIES[slug];
  if (!factory) throw new Error(`no emulator for ${slug}`);
  const emulator = factory(options);
  const server = await listen(emulator.app, options.port ?? 0);
  return {
    emulator,
    server,
    apiUrl: server.url + emulator.basePaths.api,
    authUrl: server.url + emulator.basePaths.auth,
  };
}

/** Starts several emulators; `close()` stops them all. */
export async function startEmulators(
  slugs: readonly string[] = Object.keys(EMULATOR_FACTORIES),
  options: EmulatorOptions & { basePort?: number } = {},
): Promise<{ running: Map<string, RunningEmulator>; close(): Promise<void> }> {
  const running = new Map<string, RunningEmulator>();
  let i = 0;
  for (const slug of slugs) {
    const port = options.basePort ? options.basePort + i : 0;
    running.set(slug, await startEmulator(slug, { ...options, port }));
    i += 1;
  }
  return {
    running,
    async close() {
      await Promise.all([...running.values()].map((r) => r.server.close()));
    },
  };
}
