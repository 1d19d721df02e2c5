import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Strava emulator lands (being written now).
export function createStravaEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('strava emulator not implemented yet');
}
