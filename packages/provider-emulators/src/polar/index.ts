import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Polar emulator lands (being written now).
export function createPolarEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('polar emulator not implemented yet');
}
