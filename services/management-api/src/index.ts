export * from './app';
export * from './config';
export * from './server';
export { decodeSecretsKey } from './features/webhooks/secret-box';
