/**
 * `pnpm start` without real phlebotomy partner credentials: both partners served by their local emulators
 * (the production adapters run unchanged against them), sending their signed webhooks to this data API.
 */
import { startPhlebotomyEmulators, type PhlebotomyPartnersConfig } from '@meridian/lab-partners';

export const phlebotomyWebhookPath = (provider: 'getlabs' | 'phlebfinders') =>
  `/v2/provider_webhooks/phlebotomy/${provider}`;

export async function startLocalPhlebotomyPartners(opts: {
  dataApiPublicUrl: string;
}): Promise<{ config: PhlebotomyPartnersConfig; urls: string[]; close(): Promise<void> }> {
  const running = await startPhlebotomyEmulators();
  const base = opts.dataApiPublicUrl.replace(/\/+$/, '');
  running.setWebhookTargets({
    getlabs: base + phlebotomyWebhookPath('getlabs'),
    phlebfinders: base + phlebotomyWebhookPath('phlebfinders'),
  });
  return {
    config: running.config,
    urls: [running.getlabs.server.url, running.phlebfinders.server.url],
    close: () => running.close(),
  };
}
