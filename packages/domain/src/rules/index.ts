export * from './client-user-id';
export * from './continuous-query';
