export * from './format-date-time';
export * from './render-sample';
export * from './render-source';
export * from './render-summary';
export * from './summary-fields';
