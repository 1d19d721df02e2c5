export * from './sources';
export * from './timeseries-catalog';
