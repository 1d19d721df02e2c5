/** Phlebotomy partners behind one interface (issue 13): adapters, area info, webhook checks, emulators. */
export * from './area-info';
export * from './errors';
export * from './getlabs/getlabs-partner';
export * from './phlebfinders/phlebfinders-partner';
export * from './phlebotomy-partner';
export * from './phlebotomy-partners';
export * from './webhook-signature';
export * from './emulators';
