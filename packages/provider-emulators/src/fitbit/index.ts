import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Fitbit emulator lands (being written now).
export function createFitbitEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('fitbit emulator not implemented yet');
}
