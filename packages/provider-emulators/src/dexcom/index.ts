import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Dexcom emulator lands (being written now).
export function createDexcomEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('dexcom emulator not implemented yet');
}
