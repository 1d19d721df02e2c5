/**
 * Lab results in SQL (migrations 20261127010000, 20261127300000): the order a message is for, the messages
 * applied, the report and its rows, and the orders sent to a lab. Result messages name the order by id alone
 * (the lab knows no tenant), so `lockOrder` finds it across tenants; everything written after it carries
 * that order's team and environment.
 */
import type { Knex } from '@meridian/db';
import type {
  CollectionMethod,
  Environment,
  Interpretation,
  OrderLowLevelStatus,
  TeamScope,
} from '@meridian/domain';
import type { BiomarkerRow, MissingRow, StoredRows } from './result-rows';
import type { LabResultsMetadata, SampleData } from './report-metadata';

export interface ResultOrder {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string;
  method: CollectionMethod;
  statusLow: OrderLowLevelStatus;
  labTestId: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dob: string;
  physician: { first_name: string; last_name: string; npi: string } | null;
  sampleId: string | null;
  createdAt: Date;
}

export interface StoredReport {
  status: 'partial' | 'final' | 'corrected';
  sampleInformation: Record<string, SampleData | null> | null;
  rows: StoredRows;
}

export interface AppliedMessage {
  idempotencyKey: string;
  orderId: string;
  scope: TeamScope;
  version: number;
  resultStatus: 'preliminary' | 'final' | 'corrected' | 'cancelled';
  appliedAs: 'results' | 'sample_error' | 'ignored';
  critical: boolean;
  receivedAt: Date;
}

export interface LabSubmissionRecord {
  orderId: string;
  labSlug: string;
  messageControlId: string;
  state: 'sending' | 'accepted' | 'rejected';
  accessionNumber: string | null;
  attempts: number;
  acceptedAt: Date | null;
  lastAttemptAt: Date | null;
  /** The lab's refusal (state `rejected`): its ACK code and reason. */
  rejection: { code: string; reason: string } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BIOMARKER_COLUMNS = [
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
  'source_interpretation',
  'loinc',
  'loinc_slug',
  'provider_id',
  'source_markers',
  'performing_laboratory',
  'source_sample_id',
  'source_test_code',
] as const;

const MISSING_COLUMNS = [
  'name',
  'slug',
  'inferred_failure_type',
  'note',
  'loinc',
  'loinc_slug',
  'provider_id',
  'source_markers',
  'source_test_code',
] as const;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export function createLabResultsRepository(db: Knex | Knex.Transaction) {
  return {
    /** The order a result message is for, locked until the transaction ends; undefined when unknown. */
    async lockOrder(orderId: string): Promise<ResultOrder | undefined> {
      if (!UUID.test(orderId)) return undefined;
      const row = await db('lab_orders as o').where('o.id', orderId).forUpdate().first<
        | {
            id: string;
            team_id: string;
            environment: Environment;
            user_id: string;
            collection_method: CollectionMethod;
            status_low: OrderLowLevelStatus;
            lab_test_id: string;
            patient_first_name: string;
            patient_last_name: string;
            dob: string;
            physician: ResultOrder['physician'];
            sample_id: string | null;
            created_at: Date;
          }
        | undefined
      >('o.id', 'o.team_id', 'o.environment', 'o.user_id', 'o.collection_method', 'o.status_low', 'o.lab_test_id', 'o.patient_first_name', 'o.patient_last_name', db.raw(`to_char(o.patient_dob, 'YYYY-MM-DD') as dob`), 'o.physician', 'o.sample_id', 'o.created_at');
      if (!row) return undefined;
      return {
        id: row.id,
        teamId: row.team_id,
        environment: row.environment,
        userId: row.user_id,
        method: row.collection_method,
        statusLow: row.status_low,
        labTestId: row.lab_test_id,
        firstName: row.patient_first_name,
        lastName: row.patient_last_name,
        dob: row.dob,
        physician: row.physician,
        sampleId: row.sample_id,
        createdAt: row.created_at,
      };
    },

    async isMessageApplied(idempotencyKey: string): Promise<boolean> {
      const row = await db('lab_result_messages').where({ idempotency_key: idempotencyKey }).first('version');
      return row !== undefined;
    },

    /** The next result version of an order (1 for its first message). */
    async nextVersion(orderId: string): Promise<number> {
      const row = await db('lab_result_messages')
        .where({ order_id: orderId })
        .first<{ version: number | null }>(db.raw('max(version) as version'));
      return (row?.version ?? 0) + 1;
    },

    /** Records an applied message; false when its key was recorded before (a duplicate). */
    async recordMessage(m: AppliedMessage): Promise<boolean> {
      const inserted = await db('lab_result_messages')
        .insert({
          idempotency_key: m.idempotencyKey,
          order_id: m.orderId,
          team_id: m.scope.teamId,
          environment: m.scope.environment,
          version: m.version,
          result_status: m.resultStatus,
          applied_as: m.appliedAs,
          critical: m.critical,
          received_at: m.receivedAt,
        })
        .onConflict(['idempotency_key', 'user_id'])
        .ignore()
        .returning('idempotency_key');
      return inserted.length === 1;
    },

    async findReport(orderId: string): Promise<StoredReport | undefined> {
      const report = await db('lab_results')
        .where({ order_id: orderId })
        .first<{ status: StoredReport['status']; sample_information: StoredReport['sampleInformation'] }>(
          'status',
          'sample_information',
        );
      if (!report) return undefined;
      // One after the other: in a transaction both would share one connection.
      const results = await db('lab_biomarker_results')
        .where({ order_id: orderId })
        .orderBy('position')
        .select<BiomarkerRow[]>(...BIOMARKER_COLUMNS);
      const missing = await db('lab_missing_results')
        .where({ order_id: orderId })
        .orderBy('position')
        .select<MissingRow[]>(...MISSING_COLUMNS);
      return {
        status: report.status,
        sampleInformation: report.sample_information,
        rows: { results, missing },
      };
    },

    /** Writes the order's whole report (replacing what it held), rows in the given order. */
    async saveReport(
      scope: TeamScope,
      orderId: string,
      report: {
        status: StoredReport['status'];
        metadata: LabResultsMetadata;
        sampleInformation: StoredReport['sampleInformation'];
        interpretation: Interpretation;
        rows: StoredRows;
      },
      now: Date,
    ): Promise<void> {
      await db('lab_results')
        .insert({
          order_id: orderId,
          team_id: scope.teamId,
          environment: scope.environment,
          status: report.status,
          metadata: json(report.metadata),
          sample_information: json(report.sampleInformation),
          interpretation: report.interpretation,
          received_at: now,
          updated_at: now,
        })
        .onConflict(['order_id', 'user_id'])
        .merge(['status', 'metadata', 'sample_information', 'interpretation', 'updated_at']);
      await db('lab_biomarker_results').where({ order_id: orderId }).delete();
      await db('lab_missing_results').where({ order_id: orderId }).delete();
      if (report.rows.results.length > 0) {
        await db('lab_biomarker_results').insert(
          report.rows.results.map((r, position) => ({
            ...r,
            order_id: orderId,
            position,
            source_markers: json(r.source_markers),
          })),
        );
      }
      if (report.rows.missing.length > 0) {
        await db('lab_missing_results').insert(
          report.rows.missing.map((r, position) => ({
            ...r,
            order_id: orderId,
            position,
            source_markers: json(r.source_markers),
          })),
        );
      }
    },

    async findSubmission(orderId: string): Promise<LabSubmissionRecord | undefined> {
      const row = await db('lab_order_submissions').where({ order_id: orderId }).first<
        | {
            order_id: string;
            lab_slug: string;
            message_control_id: string;
            state: LabSubmissionRecord['state'];
            accession_number: string | null;
            attempts: number;
            accepted_at: Date | null;
            last_attempt_at: Date | null;
            rejection_code: string | null;
            rejection_reason: string | null;
          }
        | undefined
      >();
      return (
        row && {
          orderId: row.order_id,
          labSlug: row.lab_slug,
          messageControlId: row.message_control_id,
          state: row.state,
          accessionNumber: row.accession_number,
          attempts: row.attempts,
          acceptedAt: row.accepted_at,
          lastAttemptAt: row.last_attempt_at,
          rejection:
            row.state === 'rejected'
              ? { code: row.rejection_code ?? 'AR', reason: row.rejection_reason ?? '' }
              : null,
        }
      );
    },

    /**
     * Claims a send attempt: creates the submission with `controlId`, or counts one more attempt of the
     * existing one (keeping its control id). Returns the submission as it now stands.
     */
    async claimSubmission(
      scope: TeamScope,
      orderId: string,
      labSlug: string,
      controlId: string,
      now: Date,
    ): Promise<LabSubmissionRecord> {
      await db('lab_order_submissions')
        .insert({
          order_id: orderId,
          team_id: scope.teamId,
          environment: scope.environment,
          lab_slug: labSlug,
          message_control_id: controlId,
          state: 'sending',
          attempts: 1,
          created_at: now,
          last_attempt_at: now,
        })
        .onConflict(['order_id', 'user_id'])
        .merge({
          attempts: db.raw('lab_order_submissions.attempts + 1'),
          last_attempt_at: now,
          // An accepted submission stays accepted; a rejected one sent again (the order was fixed) is sending.
          state: db.raw(
            "case when lab_order_submissions.state = 'accepted' then 'accepted' else 'sending' end",
          ),
          rejected_at: db.raw(
            "case when lab_order_submissions.state = 'rejected' then null else lab_order_submissions.rejected_at end",
          ),
        });
      return (await this.findSubmission(orderId))!;
    },

    async markSubmissionAccepted(orderId: string, accessionNumber: string | null, at: Date): Promise<void> {
      await db('lab_order_submissions')
        .where({ order_id: orderId })
        .update({
          state: 'accepted',
          accession_number: accessionNumber?.slice(0, 64) ?? null,
          accepted_at: at,
          last_error: null,
          rejected_at: null,
        });
    },

    /** The lab refused the order (AE/AR): nothing resends it until it is sent again on purpose. */
    async markSubmissionRejected(orderId: string, code: string, reason: string, at: Date): Promise<void> {
      await db('lab_order_submissions')
        .where({ order_id: orderId })
        .whereNot({ state: 'accepted' })
        .update({
          state: 'rejected',
          rejected_at: at,
          rejection_code: code.slice(0, 16),
          rejection_reason: reason.slice(0, 500),
        });
    },

    /** A send that failed in transport (`kind`: timeout, connection…); the submission stays `sending`. */
    async recordSubmissionFailure(orderId: string, kind: string): Promise<void> {
      await db('lab_order_submissions')
        .where({ order_id: orderId, state: 'sending' })
        .update({ last_error: kind.slice(0, 200) });
    },
  };
}

export type LabResultsRepository = ReturnType<typeof createLabResultsRepository>;
