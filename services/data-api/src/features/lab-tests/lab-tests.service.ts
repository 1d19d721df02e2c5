import { withTransaction, type Knex } from '@meridian/db';
import {
  ConflictError,
  InvalidStateError,
  LAB_TEST_LIMITS,
  NotFoundError,
  ValidationError,
  defaultSampleTypeFor,
  hasCollectionInstructions,
  labTestSlugBase,
  newId,
  uniqueLabTestSlug,
  type CollectionMethod,
  type LabTestSampleType,
  type LabTestStatus,
  type TeamScope,
  type ValidationIssue,
} from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import {
  createLabTestsRepository,
  type LabRecord,
  type LabTestFilter,
  type LabTestOrderKey,
  type LabTestRecord,
  type MarkerRecord,
} from './lab-tests.repository';
import { labTestCursorScope, openLabTestCursor, sealLabTestCursor } from './lab-tests-cursor';
import { ensureSandboxCatalogue } from './sandbox-catalogue';

/**
 * The lab-test catalogue use cases (api-shapes §6.2, §6.4). Labs and markers are the platform's compendium;
 * lab tests belong to a team environment (another tenant's are not found). A sandbox environment's starter
 * catalogue is seeded on its first use (sandbox-catalogue.ts).
 */

export interface CreateLabTestInput {
  name: string;
  method: CollectionMethod;
  markerIds?: number[];
  providerIds?: string[];
  labId?: number;
  sampleType?: LabTestSampleType;
  fasting?: boolean;
}

export interface OrderSetInput {
  labTestIds?: string[];
  addOn?: { markerIds?: number[]; providerIds?: string[] };
}

const issue = (loc: string[], msg: string, input: unknown, type = 'value_error'): ValidationIssue => ({
  loc,
  msg,
  type,
  input,
  ctx: {},
});

const invalid = (loc: string[], msg: string, input: unknown, type = 'value_error') =>
  new ValidationError([issue(loc, msg, input, type)]);

const LAB_TEST_NOT_FOUND = 'Lab test not found.';
const SEEDED_SCOPES_MAX = 10_000;

export function createLabTestsService(deps: { db: Knex; clock: () => Date; cursors: CursorCodec }) {
  const repo = createLabTestsRepository(deps.db);
  // Environments known to be seeded (or production): skips the lookup on later reads. Bounded.
  const seeded = new Set<string>();

  async function ready(scope: TeamScope): Promise<void> {
    const key = `${scope.teamId}:${scope.environment}`;
    if (scope.environment !== 'sandbox' || seeded.has(key)) return;
    await ensureSandboxCatalogue(deps.db, scope, deps.clock());
    if (seeded.size >= SEEDED_SCOPES_MAX) seeded.clear();
    seeded.add(key);
  }

  async function labTestOrThrow(scope: TeamScope, id: string): Promise<LabTestRecord> {
    const found = await repo.findLabTest(scope, id);
    if (!found) throw new NotFoundError(LAB_TEST_NOT_FOUND);
    return found;
  }

  async function getLabTest(scope: TeamScope, id: string): Promise<LabTestRecord> {
    await ready(scope);
    return labTestOrThrow(scope, id);
  }

  /** The markers a create request names, all of one lab; 422 at the offending key otherwise. */
  async function resolveMarkers(
    input: CreateLabTestInput,
  ): Promise<{ lab: LabRecord; markers: MarkerRecord[] }> {
    const markerIds = input.markerIds ?? [];
    const providerIds = input.providerIds ?? [];
    if (markerIds.length === 0 && providerIds.length === 0) {
      throw invalid(
        ['body', 'marker_ids'],
        'Give at least one marker in marker_ids or provider_ids.',
        input.markerIds ?? null,
        'missing',
      );
    }
    const namedLab = input.labId === undefined ? undefined : await repo.findLab(input.labId);
    if (input.labId !== undefined && !namedLab) {
      throw invalid(['body', 'lab_id'], 'Unknown lab.', input.labId);
    }
    if (providerIds.length > 0 && !namedLab) {
      throw invalid(['body', 'lab_id'], 'provider_ids need the lab_id they belong to.', null, 'missing');
    }
    const byId = await repo.markersByIds(markerIds);
    const byProvider = namedLab ? await repo.markersByProviderIds(namedLab.id, providerIds) : [];
    const issues: ValidationIssue[] = [];
    markerIds.forEach((id, i) => {
      if (!byId.some((m) => m.id === id))
        issues.push(issue(['body', 'marker_ids', String(i)], 'Unknown marker.', id));
    });
    providerIds.forEach((pid, i) => {
      if (!byProvider.some((m) => m.providerId === pid)) {
        issues.push(issue(['body', 'provider_ids', String(i)], 'Unknown marker for this lab.', pid));
      }
    });
    if (issues.length > 0) throw new ValidationError(issues);
    const markers = dedupe([
      ...markerIds.map((id) => byId.find((m) => m.id === id)!),
      ...providerIds.map((pid) => byProvider.find((m) => m.providerId === pid)!),
    ]);
    if (markers.length > LAB_TEST_LIMITS.maxMarkers) {
      throw invalid(['body', 'marker_ids'], `At most ${LAB_TEST_LIMITS.maxMarkers} markers.`, markerIds);
    }
    const labIds = new Set(markers.map((m) => m.labId));
    if (labIds.size > 1 || (namedLab && !labIds.has(namedLab.id))) {
      throw invalid(['body', 'marker_ids'], 'All markers must belong to one lab.', markerIds);
    }
    const lab = namedLab ?? (await repo.findLab(markers[0]!.labId))!;
    return { lab, markers };
  }

  return {
    async listLabs() {
      return repo.listLabs();
    },

    async markers(filter: { labId?: number; labSlug?: string; name?: string }, page: number, size: number) {
      return repo.markersPage(filter, page, size);
    },

    async marker(labId: number, providerId: string): Promise<MarkerRecord> {
      const [found] = await repo.markersByProviderIds(labId, [providerId]);
      if (!found) throw new NotFoundError('Marker not found.');
      return found;
    },

    async list(
      scope: TeamScope,
      filter: LabTestFilter,
      order: { key: LabTestOrderKey; direction: 'asc' | 'desc' },
    ): Promise<LabTestRecord[]> {
      await ready(scope);
      return repo.listLabTests(scope, filter, order, LAB_TEST_LIMITS.maxPerEnvironment);
    },

    async page(
      scope: TeamScope,
      filter: LabTestFilter,
      cursor: { nextCursor: unknown; cursor: unknown },
      limit: number,
    ): Promise<{ labTests: LabTestRecord[]; nextCursor: string | null }> {
      const cursorScope = labTestCursorScope(scope.teamId, scope.environment);
      const after = openLabTestCursor(deps.cursors, cursorScope, cursor.nextCursor, cursor.cursor);
      await ready(scope);
      // One extra row tells whether another page follows.
      const rows = await repo.pageLabTests(scope, filter, after, limit + 1);
      const labTests = rows.slice(0, limit);
      const last = labTests.at(-1);
      const nextCursor =
        rows.length > limit && last ? sealLabTestCursor(deps.cursors, cursorScope, last) : null;
      return { labTests, nextCursor };
    },

    get: getLabTest,

    async markersOf(scope: TeamScope, id: string, page: number, size: number) {
      const labTest = await getLabTest(scope, id);
      const from = (page - 1) * size;
      return { markers: labTest.markers.slice(from, from + size), total: labTest.markers.length };
    },

    async create(scope: TeamScope, input: CreateLabTestInput): Promise<LabTestRecord> {
      const name = input.name.trim();
      if (name === '') throw invalid(['body', 'name'], 'The name is empty.', input.name);
      await ready(scope);
      const { lab, markers } = await resolveMarkers(input);
      const sampleType = input.sampleType ?? defaultSampleTypeFor(input.method);
      const issues: ValidationIssue[] = [];
      if (!lab.collectionMethods.includes(input.method)) {
        issues.push(issue(['body', 'method'], `${lab.name} does not offer ${input.method}.`, input.method));
      }
      if (!lab.sampleTypes.includes(sampleType)) {
        issues.push(
          issue(['body', 'sample_type'], `${lab.name} does not take ${sampleType} samples.`, sampleType),
        );
      }
      if (issues.length > 0) throw new ValidationError(issues);
      const id = newId();
      await withTransaction(deps.db, async (trx) => {
        const tx = createLabTestsRepository(trx);
        await tx.lockCatalogue(scope);
        if ((await tx.countLabTests(scope)) >= LAB_TEST_LIMITS.maxPerEnvironment) {
          throw new ConflictError(
            'lab_test_limit_reached',
            `A team environment holds at most ${LAB_TEST_LIMITS.maxPerEnvironment} lab tests; deactivate or reuse one.`,
          );
        }
        const base = labTestSlugBase(name);
        const now = deps.clock();
        await tx.insertLabTest(scope, {
          id,
          slug: uniqueLabTestSlug(base, await tx.slugsLike(scope, base)),
          name,
          method: input.method,
          sampleType,
          labId: lab.id,
          price: Math.round(markers.reduce((sum, m) => sum + m.price, 0) * 100) / 100,
          status: 'active',
          fasting: input.fasting ?? false,
          autoGenerated: false,
          hasCollectionInstructions: hasCollectionInstructions(input.method),
          commonTatDays: lab.commonTatDays,
          worstCaseTatDays: lab.worstCaseTatDays,
          markerIds: markers.map((m) => m.id),
          createdAt: now,
        });
      });
      return labTestOrThrow(scope, id);
    },

    async update(
      scope: TeamScope,
      id: string,
      patch: { name?: string; status?: LabTestStatus; fasting?: boolean },
    ): Promise<LabTestRecord> {
      const current = await getLabTest(scope, id);
      const name = patch.name?.trim();
      if (name === '') throw invalid(['body', 'name'], 'The name is empty.', patch.name);
      // pending_approval is the platform's to lift; a team can only switch its own tests on and off.
      if (
        patch.status !== undefined &&
        current.status === 'pending_approval' &&
        patch.status !== current.status
      ) {
        throw new InvalidStateError(
          current.status,
          'A lab test pending approval cannot be activated or deactivated.',
        );
      }
      if (patch.status === 'pending_approval' && current.status !== 'pending_approval') {
        throw invalid(['body', 'status'], 'Only active or inactive can be set.', patch.status, 'enum');
      }
      await repo.updateLabTest(
        scope,
        id,
        { name, status: patch.status, fasting: patch.fasting },
        deps.clock(),
      );
      return labTestOrThrow(scope, id);
    },

    /**
     * The markers an order set would order: each lab test's markers in order, then the add-ons, without
     * repeats. Lab tests of another tenant are not found (404); add-ons must come from the order set's lab.
     */
    async orderSetMarkers(scope: TeamScope, set: OrderSetInput): Promise<MarkerRecord[]> {
      const labTestIds = [...new Set(set.labTestIds ?? [])];
      const addOnIds = set.addOn?.markerIds ?? [];
      const addOnProviderIds = set.addOn?.providerIds ?? [];
      if (labTestIds.length === 0 && addOnIds.length === 0 && addOnProviderIds.length === 0) {
        throw invalid(['body'], 'Give lab_test_ids or add_on markers.', set, 'missing');
      }
      await ready(scope);
      const labTests = await repo.findLabTests(scope, labTestIds);
      if (labTests.length !== labTestIds.length) throw new NotFoundError(LAB_TEST_NOT_FOUND);
      const ordered = labTestIds.map((id) => labTests.find((t) => t.id === id)!);
      const labIds = new Set(ordered.flatMap((t) => (t.lab ? [t.lab.id] : [])));
      const byId = await repo.markersByIds(addOnIds);
      const issues: ValidationIssue[] = [];
      addOnIds.forEach((id, i) => {
        const m = byId.find((x) => x.id === id);
        if (!m) issues.push(issue(['body', 'add_on', 'marker_ids', String(i)], 'Unknown marker.', id));
        else labIds.add(m.labId);
      });
      if (issues.length > 0) throw new ValidationError(issues);
      if (labIds.size > 1) {
        throw invalid(['body'], 'All lab tests and add-on markers must belong to one lab.', set);
      }
      const [labId] = [...labIds];
      if (addOnProviderIds.length > 0 && labId === undefined) {
        throw invalid(
          ['body', 'add_on', 'provider_ids'],
          'provider_ids need a lab: name a lab test or a marker id of that lab.',
          addOnProviderIds,
        );
      }
      const byProvider = labId === undefined ? [] : await repo.markersByProviderIds(labId, addOnProviderIds);
      addOnProviderIds.forEach((pid, i) => {
        if (!byProvider.some((m) => m.providerId === pid)) {
          issues.push(
            issue(['body', 'add_on', 'provider_ids', String(i)], 'Unknown marker for this lab.', pid),
          );
        }
      });
      if (issues.length > 0) throw new ValidationError(issues);
      return dedupe([
        ...ordered.flatMap((t) => t.markers),
        ...addOnIds.map((id) => byId.find((m) => m.id === id)!),
        ...addOnProviderIds.map((pid) => byProvider.find((m) => m.providerId === pid)!),
      ]);
    },
  };
}

function dedupe(markers: MarkerRecord[]): MarkerRecord[] {
  const seen = new Set<number>();
  return markers.filter((m) => !seen.has(m.id) && seen.add(m.id));
}

export type LabTestsService = ReturnType<typeof createLabTestsService>;
