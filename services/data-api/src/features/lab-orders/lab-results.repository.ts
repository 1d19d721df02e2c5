import type { Knex } from '@meridian/db';
import type { Interpretation, TeamScope } from '@meridian/domain';
import type { SyntheticBiomarker, SyntheticMissing } from './sandbox-results';

/**
 * An order's results report (api-shapes §6.9): one `lab_results` row per order with its biomarker and missing
 * rows in report order. A new report for the order replaces the previous rows (partial → final → corrected).
 * Reads are scoped by team + environment through the results row.
 */

export type ResultsStatus = 'partial' | 'final' | 'corrected';

export interface ResultsReport {
  status: ResultsStatus;
  metadata: Record<string, unknown>;
  sampleInformation: Record<string, unknown> | null;
  interpretation: Interpretation;
  biomarkers: SyntheticBiomarker[];
  missing: SyntheticMissing[];
}

export interface StoredResults {
  status: ResultsStatus;
  metadata: Record<string, unknown>;
  sampleInformation: Record<string, unknown> | null;
  interpretation: Interpretation | null;
  biomarkers: Record<string, unknown>[];
  missing: Record<string, unknown>[];
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export function createLabResultsRepository(db: Knex | Knex.Transaction) {
  return {
    async saveReport(scope: TeamScope, orderId: string, r: ResultsReport, now: Date): Promise<void> {
      await db('lab_results')
        .insert({
          order_id: orderId,
          team_id: scope.teamId,
          environment: scope.environment,
          status: r.status,
          metadata: json(r.metadata),
          sample_information: json(r.sampleInformation),
          interpretation: r.interpretation,
          received_at: now,
          updated_at: now,
        })
        .onConflict(['order_id', 'user_id'])
        .merge(['status', 'metadata', 'sample_information', 'interpretation', 'updated_at']);
      await db('lab_biomarker_results').where({ order_id: orderId }).delete();
      await db('lab_missing_results').where({ order_id: orderId }).delete();
      if (r.biomarkers.length > 0) {
        await db('lab_biomarker_results').insert(
          r.biomarkers.map((b, position) => ({
            order_id: orderId,
            position,
            name: b.name,
            slug: b.slug,
            value: b.value,
            result: b.result,
            type: b.type,
            unit: b.unit,
            observed_at: now,
            notes: b.notes,
            reference_range: b.referenceRange,
            min_range_value: b.minRangeValue,
            max_range_value: b.maxRangeValue,
            is_above_max_range: b.isAboveMaxRange,
            is_below_min_range: b.isBelowMinRange,
            interpretation: b.interpretation,
            source_interpretation: b.sourceInterpretation,
            loinc: b.loinc,
            loinc_slug: b.loincSlug,
            provider_id: b.providerId,
            source_markers: json(b.sourceMarkers),
            performing_laboratory: null,
            source_sample_id: null,
          })),
        );
      }
      if (r.missing.length > 0) {
        await db('lab_missing_results').insert(
          r.missing.map((m, position) => ({
            order_id: orderId,
            position,
            name: m.name,
            slug: m.slug,
            inferred_failure_type: m.failureType,
            note: m.note,
            loinc: m.loinc,
            loinc_slug: m.loincSlug,
            provider_id: m.providerId,
            source_markers: json(m.sourceMarkers),
          })),
        );
      }
    },

    /** The report of a team environment's order, or undefined (another tenant's or none yet). */
    async findReport(scope: TeamScope, orderId: string): Promise<StoredResults | undefined> {
      const head = await db('lab_results')
        .where({ order_id: orderId, team_id: scope.teamId, environment: scope.environment })
        .first<
          | {
              status: ResultsStatus;
              metadata: Record<string, unknown>;
              sample_information: Record<string, unknown> | null;
              interpretation: Interpretation | null;
            }
          | undefined
        >('status', 'metadata', 'sample_information', 'interpretation');
      if (!head) return undefined;
      const [biomarkers, missing] = await Promise.all([
        db('lab_biomarker_results').where({ order_id: orderId }).orderBy('position').select('*'),
        db('lab_missing_results').where({ order_id: orderId }).orderBy('position').select('*'),
      ]);
      return {
        status: head.status,
        metadata: head.metadata,
        sampleInformation: head.sample_information,
        interpretation: head.interpretation,
        biomarkers: biomarkers as Record<string, unknown>[],
        missing: missing as Record<string, unknown>[],
      };
    },

    async findMetadata(scope: TeamScope, orderId: string): Promise<Record<string, unknown> | undefined> {
      const row = await db('lab_results')
        .where({ order_id: orderId, team_id: scope.teamId, environment: scope.environment })
        .first<{ metadata: Record<string, unknown> } | undefined>('metadata');
      return row?.metadata;
    },
  };
}

/** `BiomarkerResult` from a stored row. */
export function toBiomarkerResult(r: Record<string, unknown>) {
  return {
    name: r.name,
    slug: r.slug,
    value: r.value,
    result: r.result,
    type: r.type,
    unit: r.unit,
    timestamp: r.observed_at instanceof Date ? r.observed_at.toISOString() : null,
    notes: r.notes,
    reference_range: r.reference_range,
    min_range_value: r.min_range_value,
    max_range_value: r.max_range_value,
    is_above_max_range: r.is_above_max_range,
    is_below_min_range: r.is_below_min_range,
    interpretation: r.interpretation,
    source_interpretation: r.source_interpretation,
    loinc: r.loinc,
    loinc_slug: r.loinc_slug,
    provider_id: r.provider_id,
    source_markers: r.source_markers,
    performing_laboratory: r.performing_laboratory,
    source_sample_id: r.source_sample_id,
  };
}

/** `MissingBiomarkerResult` from a stored row. */
export function toMissingResult(r: Record<string, unknown>) {
  return {
    name: r.name,
    slug: r.slug,
    inferred_failure_type: r.inferred_failure_type,
    note: r.note,
    loinc: r.loinc,
    loinc_slug: r.loinc_slug,
    provider_id: r.provider_id,
    source_markers: r.source_markers,
  };
}
