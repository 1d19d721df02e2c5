export { freestyleLibreConnector } from './freestyle-libre-connector';
export { libreViewConnector } from './libreview-connector';
