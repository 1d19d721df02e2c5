import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Whoop emulator lands (being written now).
export function createWhoopEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('whoop emulator not implemented yet');
}
