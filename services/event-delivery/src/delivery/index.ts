export * from './delivery-metrics';
export * from './retry-schedule';
export * from './webhook-delivery';
export * from './webhook-sender';
export * from './webhook-signature';
export * from './rate-limiter';
