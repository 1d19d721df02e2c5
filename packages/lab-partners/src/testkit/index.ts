/** Test-kit fulfilment (issue 13, api-shapes §6.11): adapter and emulator. */
export * from './testkit-partner';
export * from './testkit-emulator';
