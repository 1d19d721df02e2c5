/** Garmin's production hosts: the Health API and the OAuth consent page. */
export const GARMIN_API_URL = 'https://apis.garmin.com';
export const GARMIN_AUTH_URL = 'https://connect.garmin.com';
