import type { Connector } from '../../connector';

// Placeholder until the garmin connector lands (being written now).
export const garminConnector: Connector = {
  slug: 'garmin',
  auth: { type: 'password', mfa: false },
  defaultUrls: { api: 'https://invalid.example', auth: 'https://invalid.example' },
  mode: 'pull',
  pollMinutes: 60,
  rateLimit: { requests: 1, windowSeconds: 1, scope: 'user' },
  streams: [],
  scopesFor: () => [],
};
