import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Each API's OpenAPI document and the committed types generated from it. */
export const API_DOCUMENTS = ['data-api', 'management-api'].map((service) => ({
  service,
  document: path.join(ROOT, 'services', service, 'openapi.yaml'),
  output: path.join(ROOT, 'services', service, 'src', 'generated', 'openapi.ts'),
}));
