export * from './app';
export * from './config';
export * from './process';
export * from './server';
export { startLocalPhlebotomyPartners } from './features/lab-appointments/local-phlebotomy-partners';
export { hasConfiguredPhlebotomyPartners } from './features/lab-appointments/partner-config';
export { startLocalLabServicePartners } from './features/lab-psc/local-lab-service-partners';
export { hasConfiguredLabServicePartners } from './features/lab-psc/partner-config';
/** The grouped read's SQL and parameter parsing, for the benchmark's bare baseline server. */
export { groupedPageStatement, toPgText } from './features/timeseries/timeseries.sql';
export { parseTimeRange } from './features/timeseries/timeseries-params';
