export * from './enums';
export * from './errors';
export * from './order-status';
export * from './order-state-machine';
export * from './appointment-state-machine';
export * from './lab-test-rules';
