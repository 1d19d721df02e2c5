import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';

// Placeholder until the Oura emulator lands (being written now).
export function createOuraEmulator(_options?: EmulatorOptions): ProviderEmulator {
  throw new Error('oura emulator not implemented yet');
}
