import type { Connector } from '../../connector';

// Placeholder until the strava connector lands (being written now).
export const stravaConnector: Connector = {
  slug: 'strava',
  auth: { type: 'password', mfa: false },
  defaultUrls: { api: 'https://invalid.example', auth: 'https://invalid.example' },
  mode: 'pull',
  pollMinutes: 60,
  rateLimit: { requests: 1, windowSeconds: 1, scope: 'user' },
  streams: [],
  scopesFor: () => [],
};
