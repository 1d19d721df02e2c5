export * from './app';
export * from './config';
export * from './process';
export * from './server';
