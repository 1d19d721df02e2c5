import openapiTS, { astToString } from 'openapi-typescript';
import { loadOpenApiDocument } from '@meridian/platform';

export { API_DOCUMENTS } from './openapi-documents';

const HEADER =
  '/* eslint-disable */\n// Generated from openapi.yaml by `pnpm openapi:types`. Do not edit.\n\n';

export async function renderOpenApiTypes(documentPath: string): Promise<string> {
  const doc = loadOpenApiDocument(documentPath) as unknown as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(doc, { alphabetize: false, exportType: true });
  return HEADER + astToString(ast);
}
