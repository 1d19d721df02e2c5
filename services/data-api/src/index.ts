export * from './app';
export * from './config';
export * from './process';
export * from './server';
/** The grouped read's SQL and parameter parsing, for the benchmark's bare baseline server. */
export { groupedPageStatement, toPgText } from './features/timeseries/timeseries.sql';
export { parseTimeRange } from './features/timeseries/timeseries-params';
