/**
 * `@meridian/provider-emulators`: faithful local servers of the providers Meridian connects to, for
 * tests, benchmarks and `pnpm start` without provider credentials.
 */
export * from './core/emulator';
export * from './core/faults';
export * from './core/oauth-server';
export * from './core/prng';
export * from './core/server';
export * from './registry';
export { isGarminEmulator, type GarminEmulator } from './garmin';
