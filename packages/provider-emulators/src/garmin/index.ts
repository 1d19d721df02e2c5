import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Garmin emulator lands (being written now).
export function createGarminEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('garmin emulator not implemented yet');
}
