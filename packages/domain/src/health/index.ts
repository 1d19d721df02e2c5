export * from './sources';
export * from './timeseries-catalog';
export * from './sports';
