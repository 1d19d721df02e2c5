export { stravaConnector } from './strava-connector';
