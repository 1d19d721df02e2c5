/**
 * Both phlebotomy partner emulators on ephemeral loopback ports, with the adapter config that points at
 * them: tests, benchmarks and `pnpm start` run the production adapters unchanged against them.
 */
import type { GetlabsPartnerConfig } from '../getlabs/getlabs-partner';
import type { PhlebfindersPartnerConfig } from '../phlebfinders/phlebfinders-partner';
import type { PhlebotomyPartnersConfig } from '../phlebotomy-partners';
import { listenEmulator, type RunningPartnerEmulator } from './emulator-kit';
import { createGetlabsEmulator, type GetlabsEmulator, type GetlabsEmulatorOptions } from './getlabs-emulator';
import {
  createPhlebfindersEmulator,
  type PhlebfindersEmulator,
  type PhlebfindersEmulatorOptions,
} from './phlebfinders-emulator';

export * from './emulator-kit';
export * from './getlabs-emulator';
export * from './phlebfinders-emulator';
export * from './slot-schedule';

export interface RunningPhlebotomyEmulators {
  getlabs: { emulator: GetlabsEmulator; server: RunningPartnerEmulator; config: GetlabsPartnerConfig };
  phlebfinders: {
    emulator: PhlebfindersEmulator;
    server: RunningPartnerEmulator;
    config: PhlebfindersPartnerConfig;
  };
  /** Adapter config for `createPhlebotomyPartners`. */
  config: PhlebotomyPartnersConfig;
  /** Where both emulators send their webhooks (Meridian's webhook routes). */
  setWebhookTargets(targets: { getlabs?: string | null; phlebfinders?: string | null }): void;
  close(): Promise<void>;
}

export async function startPhlebotomyEmulators(
  options: {
    getlabs?: GetlabsEmulatorOptions & { port?: number };
    phlebfinders?: PhlebfindersEmulatorOptions & { port?: number };
  } = {},
): Promise<RunningPhlebotomyEmulators> {
  const getlabs = createGetlabsEmulator(options.getlabs);
  const phlebfinders = createPhlebfindersEmulator(options.phlebfinders);
  const glServer = await listenEmulator(getlabs.app, options.getlabs?.port ?? 0);
  const pfServer = await listenEmulator(phlebfinders.app, options.phlebfinders?.port ?? 0).catch(
    async (err: unknown) => {
      await glServer.close();
      throw err;
    },
  );
  const glConfig: GetlabsPartnerConfig = {
    baseUrl: glServer.url + getlabs.basePath,
    apiKey: getlabs.apiKey,
    webhookSecrets: [getlabs.webhookSecret],
  };
  const pfConfig: PhlebfindersPartnerConfig = {
    baseUrl: pfServer.url + phlebfinders.basePath,
    tokenUrl: `${pfServer.url}/oauth/token`,
    clientId: phlebfinders.client.clientId,
    clientSecret: phlebfinders.client.clientSecret,
    webhookSecrets: [phlebfinders.webhookSecret],
  };
  return {
    getlabs: { emulator: getlabs, server: glServer, config: glConfig },
    phlebfinders: { emulator: phlebfinders, server: pfServer, config: pfConfig },
    config: { getlabs: glConfig, phlebfinders: pfConfig },
    setWebhookTargets(targets) {
      if (targets.getlabs !== undefined) getlabs.setWebhookTarget(targets.getlabs);
      if (targets.phlebfinders !== undefined) phlebfinders.setWebhookTarget(targets.phlebfinders);
    },
    async close() {
      phlebfinders.close();
      await Promise.all([glServer.close(), pfServer.close()]);
    },
  };
}
