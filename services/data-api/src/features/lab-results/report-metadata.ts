/**
 * `LabResultsMetadata` and `SampleData` (api-shapes §6.9) of an order's report. Patient identity comes from the
 * order (what we sent the lab), dates and identifiers from the lab's message. Pure: no I/O.
 */
import type { Interpretation } from '@meridian/domain';
import type { LabResultMessage } from '@meridian/lab-partners';

export interface ReportOrder {
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dob: string;
  physician: { first_name: string; last_name: string } | null;
  laboratory: string | null;
  fasting: boolean;
}

export interface LabResultsMetadata {
  age: string;
  dob: string;
  'clia_#': string | null;
  patient: string;
  provider: string | null;
  laboratory: string | null;
  date_reported: string;
  date_collected: string | null;
  specimen_number: string;
  date_received: string | null;
  status: string;
  interpretation: string | null;
  patient_id: string | null;
  account_id: string | null;
}

interface DatedValue {
  timestamp: string;
  timezone_offset: number;
}

export interface SampleData {
  sample_id: string | null;
  control_number: string | null;
  date_collected: DatedValue | null;
  date_received: DatedValue | null;
  date_reported: DatedValue | null;
  performing_laboratories: Record<
    string,
    { name: string; phone_number: string | null; medical_director: string | null; address: null }
  > | null;
  clinical_information: {
    fasting: boolean;
    notes: string | null;
    information: string | null;
    total_volume: string | null;
  } | null;
}

const OFFSET_RE = /([+-])(\d{2}):?(\d{2})$/;

/** An ISO date-time as `{timestamp, timezone_offset}` (seconds east of UTC, as samples carry it). */
export function datedValueOf(iso: string | null): DatedValue | null {
  if (!iso) return null;
  const m = OFFSET_RE.exec(iso);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
  return { timestamp: new Date(iso).toISOString(), timezone_offset: offset };
}

const earliest = (values: (string | null)[]) => pick(values, (a, b) => a < b);
const latest = (values: (string | null)[]) => pick(values, (a, b) => a > b);

function pick(values: (string | null)[], better: (a: number, b: number) => boolean): string | null {
  let best: string | null = null;
  for (const v of values) {
    if (v && (best === null || better(Date.parse(v), Date.parse(best)))) best = v;
  }
  return best;
}

/** Whole years between a `YYYY-MM-DD` birth date and an instant (the patient's age at collection). */
export function ageAt(dob: string, at: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  const month = at.getUTCMonth() + 1;
  if (month < m || (month === m && at.getUTCDate() < d)) age -= 1;
  return Math.max(0, age);
}

export function reportMetadataOf(
  message: LabResultMessage,
  order: ReportOrder,
  report: { status: 'partial' | 'final' | 'corrected'; interpretation: Interpretation; receivedAt: Date },
): LabResultsMetadata {
  const collected = earliest(message.tests.map((t) => t.collectedAt));
  const reported =
    latest(message.tests.map((t) => t.reportedAt)) ?? message.sentAt ?? report.receivedAt.toISOString();
  return {
    age: String(ageAt(order.dob, new Date(collected ?? reported))),
    dob: order.dob,
    'clia_#': null,
    patient: `${order.firstName} ${order.lastName}`,
    provider: order.physician ? `${order.physician.first_name} ${order.physician.last_name}` : null,
    laboratory: order.laboratory,
    date_reported: reported,
    date_collected: collected,
    specimen_number: message.specimenId ?? message.accessionNumber ?? '',
    date_received: latest(message.tests.map((t) => t.receivedAt)),
    status: report.status,
    interpretation: report.interpretation,
    patient_id: message.patient.id,
    account_id: null,
  };
}

/** `sample_information` after `message`: its specimen's entry replaced, other specimens' entries kept. */
export function sampleInformationOf(
  message: LabResultMessage,
  order: ReportOrder,
  previous: Record<string, SampleData | null> | null,
): Record<string, SampleData | null> | null {
  const key = message.specimenId ?? message.accessionNumber;
  if (!key) return previous;
  const labs = [...new Set(message.results.map((r) => r.performingLaboratory).filter((l) => l !== null))];
  const notes = [...message.notes, ...message.tests.flatMap((t) => t.notes)].join('\n');
  return {
    ...previous,
    [key]: {
      sample_id: message.specimenId,
      control_number: message.accessionNumber,
      date_collected: datedValueOf(earliest(message.tests.map((t) => t.collectedAt))),
      date_received: datedValueOf(latest(message.tests.map((t) => t.receivedAt))),
      date_reported: datedValueOf(latest(message.tests.map((t) => t.reportedAt)) ?? message.sentAt),
      performing_laboratories:
        labs.length === 0
          ? null
          : Object.fromEntries(
              labs.map((name) => [name, { name, phone_number: null, medical_director: null, address: null }]),
            ),
      clinical_information: {
        fasting: order.fasting,
        notes: notes === '' ? null : notes.slice(0, 4000),
        information: null,
        total_volume: null,
      },
    },
  };
}
