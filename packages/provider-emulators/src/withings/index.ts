import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Withings emulator lands (being written now).
export function createWithingsEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('withings emulator not implemented yet');
}
