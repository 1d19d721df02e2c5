export * from './etl-delivery';
export * from './etl-routing';
export * from './event-hubs-producers';
