/**
 * `pnpm start` without PSC or fulfilment credentials: both labs' PSC scheduling emulators and the test-kit
 * fulfilment emulator on ephemeral loopback ports (the production adapters run unchanged against them); the
 * fulfilment emulator sends its signed courier updates to this data API.
 */
import {
  startFulfilmentEmulator,
  startPscEmulators,
  type FulfilmentPartnerConfig,
  type PscPartnersConfig,
} from '@meridian/lab-partners';

export const TESTKIT_PROVIDER = 'kitship';
export const testkitWebhookPath = (provider = TESTKIT_PROVIDER) =>
  `/v2/provider_webhooks/testkit/${provider}`;

export async function startLocalLabServicePartners(opts: { dataApiPublicUrl: string }): Promise<{
  psc: PscPartnersConfig;
  fulfilment: FulfilmentPartnerConfig;
  urls: string[];
  close(): Promise<void>;
}> {
  const psc = await startPscEmulators();
  const kits = await startFulfilmentEmulator().catch(async (err: unknown) => {
    await psc.close();
    throw err;
  });
  kits.emulator.setWebhookTarget(opts.dataApiPublicUrl.replace(/\/+$/, '') + testkitWebhookPath());
  return {
    psc: psc.config,
    fulfilment: kits.config,
    urls: [psc.emulators.quest.server.url, psc.emulators.sonora_quest.server.url, kits.server.url],
    close: async () => {
      await Promise.all([psc.close(), kits.close()]);
    },
  };
}
