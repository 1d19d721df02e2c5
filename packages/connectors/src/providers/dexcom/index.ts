export { dexcomConnector } from './dexcom-connector';
