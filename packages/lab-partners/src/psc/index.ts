/** Patient service center scheduling of the central labs (issue 13, api-shapes §6.10): adapter and emulator. */
export * from './psc-partner';
export * from './psc-emulator';
