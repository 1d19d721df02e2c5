export * from './app';
export * from './config';
export * from './server';
