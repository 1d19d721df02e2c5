import type { Knex } from '@meridian/db';
import type {
  BiomarkerResultType,
  Interpretation,
  MissingResultFailureType,
  TeamScope,
} from '@meridian/domain';

/**
 * What the lab documents read beyond the `Order` itself (tables of migration 20261127010000): an order's results
 * report (scoped by team + environment; its rows hang off the scoped report), the compendium's LOINC codes of
 * markers, and the team environment's brand settings.
 */

export interface BiomarkerResultRecord {
  name: string;
  slug: string;
  value: number | null;
  result: string;
  type: BiomarkerResultType;
  unit: string | null;
  observedAt: Date | null;
  notes: string | null;
  referenceRange: string | null;
  minRangeValue: number | null;
  maxRangeValue: number | null;
  isAboveMaxRange: boolean | null;
  isBelowMinRange: boolean | null;
  interpretation: Interpretation;
  loinc: string | null;
  performingLaboratory: string | null;
}

export interface MissingResultRecord {
  name: string;
  slug: string;
  failureType: MissingResultFailureType;
  note: string | null;
  loinc: string | null;
}

export interface ResultsReportRecord {
  orderId: string;
  status: 'partial' | 'final' | 'corrected';
  /** `LabResultsMetadata` as stored (§6.9). */
  metadata: Record<string, unknown>;
  interpretation: Interpretation | null;
  updatedAt: Date;
  results: BiomarkerResultRecord[];
  missing: MissingResultRecord[];
}

interface ReportRow {
  order_id: string;
  status: ResultsReportRecord['status'];
  metadata: Record<string, unknown> | null;
  interpretation: Interpretation | null;
  updated_at: Date;
}

interface BiomarkerRow {
  name: string;
  slug: string;
  value: number | null;
  result: string;
  type: BiomarkerResultType;
  unit: string | null;
  observed_at: Date | null;
  notes: string | null;
  reference_range: string | null;
  min_range_value: number | null;
  max_range_value: number | null;
  is_above_max_range: boolean | null;
  is_below_min_range: boolean | null;
  interpretation: Interpretation;
  loinc: string | null;
  performing_laboratory: string | null;
}

interface MissingRow {
  name: string;
  slug: string;
  inferred_failure_type: MissingResultFailureType;
  note: string | null;
  loinc: string | null;
}

/** The rows one report may print (the documents stop at 400 table rows; more are never read). */
export const REPORT_ROWS_READ = 1_000;

export function createLabOrderDocumentsRepository(db: Knex | Knex.Transaction) {
  return {
    /** The order's results report, or undefined while the lab has reported nothing (or the order is not the tenant's). */
    async findResults(scope: TeamScope, orderId: string): Promise<ResultsReportRecord | undefined> {
      const report = await db('lab_results')
        .where({ order_id: orderId, team_id: scope.teamId, environment: scope.environment })
        .first<ReportRow | undefined>('order_id', 'status', 'metadata', 'interpretation', 'updated_at');
      if (!report) return undefined;
      const [results, missing] = await Promise.all([
        db('lab_biomarker_results')
          .where({ order_id: orderId })
          .orderBy('position')
          .limit(REPORT_ROWS_READ)
          .select<BiomarkerRow[]>(
            'name',
            'slug',
            'value',
            'result',
            'type',
            'unit',
            'observed_at',
            'notes',
            'reference_range',
            'min_range_value',
            'max_range_value',
            'is_above_max_range',
            'is_below_min_range',
            'interpretation',
            'loinc',
            'performing_laboratory',
          ),
        db('lab_missing_results')
          .where({ order_id: orderId })
          .orderBy('position')
          .limit(REPORT_ROWS_READ)
          .select<MissingRow[]>('name', 'slug', 'inferred_failure_type', 'note', 'loinc'),
      ]);
      return {
        orderId: report.order_id,
        status: report.status,
        metadata: report.metadata ?? {},
        interpretation: report.interpretation,
        updatedAt: report.updated_at,
        results: results.map((r) => ({
          name: r.name,
          slug: r.slug,
          value: r.value,
          result: r.result,
          type: r.type,
          unit: r.unit,
          observedAt: r.observed_at,
          notes: r.notes,
          referenceRange: r.reference_range,
          minRangeValue: r.min_range_value,
          maxRangeValue: r.max_range_value,
          isAboveMaxRange: r.is_above_max_range,
          isBelowMinRange: r.is_below_min_range,
          interpretation: r.interpretation,
          loinc: r.loinc,
          performingLaboratory: r.performing_laboratory,
        })),
        missing: missing.map((m) => ({
          name: m.name,
          slug: m.slug,
          failureType: m.inferred_failure_type,
          note: m.note,
          loinc: m.loinc,
        })),
      };
    },

    /** LOINC codes of compendium markers by marker id (platform reference data, the same for every team). */
    async markerLoincs(markerIds: number[]): Promise<Map<number, string | null>> {
      const out = new Map<number, string | null>();
      if (markerIds.length === 0) return out;
      const rows = await db('lab_markers')
        .whereIn('id', [...new Set(markerIds)])
        .select<{ id: number; loinc: string | null }[]>('id', 'loinc');
      for (const r of rows) out.set(r.id, r.loinc);
      return out;
    },

    /** `teams.settings` (all environments; the caller picks the key's). */
    async teamSettings(teamId: string): Promise<unknown> {
      const row = await db('teams')
        .where({ id: teamId })
        .first<{ settings: unknown } | undefined>('settings');
      return row?.settings ?? null;
    },
  };
}

export type LabOrderDocumentsRepository = ReturnType<typeof createLabOrderDocumentsRepository>;
