import express, { type Request, type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { CollectionMethod, LabTestSampleType, LabTestStatus } from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import type { LabTestFilter, LabTestOrderKey } from './lab-tests.repository';
import { toLabListing, toLabTest, toMarker, toMarkersPage } from './lab-tests.presenter';
import { createLabTestsService } from './lab-tests.service';

/**
 * The lab-test catalogue (api-shapes §6.2): `/v3/lab_tests…` and the cursor page `/v3/lab_test`. The OpenAPI
 * validator has checked types and bounds; literal paths are registered before `{lab_test_id}`.
 */

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown, fallback: number): number => (v === undefined || v === '' ? fallback : Number(v));
const ints = (v: unknown): number[] | undefined => {
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).map(Number);
};

function labTestFilter(req: Request): LabTestFilter {
  const q = req.query;
  return {
    generationMethod: (str(q.generation_method) as LabTestFilter['generationMethod']) ?? 'all',
    labSlug: str(q.lab_slug),
    method: str(q.collection_method) as CollectionMethod | undefined,
    status: str(q.status) as LabTestStatus | undefined,
    markerIds: ints(q.marker_ids),
    name: str(q.name),
  };
}

function pageOf(req: Request): { page: number; size: number } {
  return { page: int(req.query.page, 1), size: int(req.query.size, 50) };
}

interface CreateBody {
  name: string;
  method: CollectionMethod;
  marker_ids?: number[];
  provider_ids?: string[];
  lab_id?: number;
  sample_type?: LabTestSampleType;
  fasting?: boolean;
}

interface OrderSetBody {
  lab_test_ids?: string[];
  add_on?: { marker_ids?: number[]; provider_ids?: string[] };
}

export function createLabTestsRouter(deps: { db: Knex; clock: () => Date; cursors: CursorCodec }): Router {
  const service = createLabTestsService(deps);
  const router = express.Router();

  router.get('/v3/lab_tests', async (req, res) => {
    const order = {
      key: (str(req.query.order_key) ?? 'created_at') as LabTestOrderKey,
      direction: (str(req.query.order_direction) ?? 'asc') as 'asc' | 'desc',
    };
    const labTests = await service.list(principalOf(res), labTestFilter(req), order);
    res.json(labTests.map(toLabTest));
  });

  router.post('/v3/lab_tests', async (req, res) => {
    const b = req.body as CreateBody;
    const created = await service.create(principalOf(res), {
      name: b.name,
      method: b.method,
      markerIds: b.marker_ids,
      providerIds: b.provider_ids,
      labId: b.lab_id,
      sampleType: b.sample_type,
      fasting: b.fasting,
    });
    res.json(toLabTest(created));
  });

  router.get('/v3/lab_tests/markers', async (req, res) => {
    const { page, size } = pageOf(req);
    const filter = {
      labId: req.query.lab_id === undefined ? undefined : Number(req.query.lab_id),
      labSlug: str(req.query.lab_slug),
      name: str(req.query.name),
    };
    const { markers, total } = await service.markers(filter, page, size);
    res.json(toMarkersPage(markers, total, page, size));
  });

  router.post('/v3/lab_tests/list_order_set_markers', async (req, res) => {
    const { page, size } = pageOf(req);
    const b = req.body as OrderSetBody;
    const markers = await service.orderSetMarkers(principalOf(res), {
      labTestIds: b.lab_test_ids,
      addOn: b.add_on && { markerIds: b.add_on.marker_ids, providerIds: b.add_on.provider_ids },
    });
    const from = (page - 1) * size;
    res.json(toMarkersPage(markers.slice(from, from + size), markers.length, page, size));
  });

  router.get('/v3/lab_tests/labs', async (_req, res) => {
    res.json((await service.listLabs()).map(toLabListing));
  });

  router.get('/v3/lab_tests/:lab_test_id', async (req, res) => {
    res.json(toLabTest(await service.get(principalOf(res), req.params.lab_test_id)));
  });

  router.patch('/v3/lab_tests/:lab_test_id', async (req, res) => {
    const b = req.body as { name?: string; status?: LabTestStatus; fasting?: boolean };
    const updated = await service.update(principalOf(res), req.params.lab_test_id, {
      name: b.name,
      status: b.status,
      fasting: b.fasting,
    });
    res.json(toLabTest(updated));
  });

  router.get('/v3/lab_tests/:lab_test_id/markers', async (req, res) => {
    const { page, size } = pageOf(req);
    const { markers, total } = await service.markersOf(principalOf(res), req.params.lab_test_id, page, size);
    res.json(toMarkersPage(markers, total, page, size));
  });

  router.get('/v3/lab_tests/:lab_id/markers/:provider_id', async (req, res) => {
    res.json(toMarker(await service.marker(Number(req.params.lab_id), req.params.provider_id)));
  });

  router.get('/v3/lab_test', async (req, res) => {
    const { labTests, nextCursor } = await service.page(
      principalOf(res),
      labTestFilter(req),
      { nextCursor: req.query.next_cursor, cursor: req.query.cursor },
      int(req.query.limit, 50),
    );
    res.json({ data: labTests.map(toLabTest), next_cursor: nextCursor, next: nextCursor });
  });

  return router;
}
