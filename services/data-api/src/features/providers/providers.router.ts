import express, { type Router } from 'express';
import { capabilityMatrix } from '@meridian/connectors';
import type { SourceKind } from '@meridian/domain';
import { listProviderCatalog } from './providers.service';

/** `GET /v2/providers`; the validator has already checked `source_type` against SourceKind. */
export function createProvidersRouter(): Router {
  const router = express.Router();
  router.get('/v2/providers', (req, res) => {
    const sourceType = req.query.source_type as SourceKind | undefined;
    res.json(listProviderCatalog(sourceType));
  });
  // The connector capability matrix (what docs/providers.md renders): auth, data flow, rate limits,
  // and per resource the backfill window and the scopes it needs.
  router.get('/v2/providers/capabilities', (_req, res) => {
    res.json({ providers: capabilityMatrix() });
  });
  return router;
}
