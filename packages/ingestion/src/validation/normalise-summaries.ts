import { isIanaTimeZone, SUMMARY_KINDS, type SummaryKind } from '@meridian/domain';
import { summaryId } from '../deterministic-id';
import type { LocalOffset } from '../time/local-offset';
import type { ZoneOffsets } from '../time/zone-offset';
import { formatDateTime } from '../wire/format-date-time';
import { SUMMARY_FIELDS, type FieldSpec } from '../wire/summary-fields';
import { INVALID, checkField } from './check-field';
import { checkSource, checkTimezoneOffset, isAbsent, isRecord, type NormalisedSource } from './check-source';
import type { IssueList } from './issue-list';
import { summaryTiming, type SummaryTiming } from './summary-timing';

export type IngestedSummaryKind = Exclude<SummaryKind, 'activity'>;

/** One validated summary: its id, columns and wire-ready payload. */
export interface NormalisedSummary {
  id: string;
  kind: SummaryKind;
  source: NormalisedSource;
  providerSummaryId: string | null;
  calendarDate: string;
  startMs: number | null;
  endMs: number | null;
  /** The kind's fields except those served from columns; date-times already rendered. */
  payload: Record<string, unknown>;
  /** How the summary was dated (workouts are split over local days with it). */
  local: LocalOffset;
}

export interface SummaryContext {
  userId: string;
  fallbackZone: string | null;
  now: Date;
  zoneOffsets: ZoneOffsets;
}

type Loc = (string | number)[];

const THREE_HOURS_S = 3 * 3600;

export function normaliseSummaries(
  inputs: unknown,
  ctx: SummaryContext,
  issues: IssueList,
): NormalisedSummary[] {
  if (isAbsent(inputs)) return [];
  if (!Array.isArray(inputs)) {
    issues.add(['summaries'], 'Input should be a valid list', 'list_type', inputs);
    return [];
  }
  const out: NormalisedSummary[] = [];
  inputs.forEach((input: unknown, i) => {
    const summary = normaliseSummary(input, ['summaries', i], ctx, issues);
    if (summary) out.push(summary);
  });
  return out;
}

function normaliseSummary(
  input: unknown,
  loc: Loc,
  ctx: SummaryContext,
  issues: IssueList,
): NormalisedSummary | null {
  const before = issues.count;
  const head = checkHead(input, loc, ctx, issues);
  if (!head) return null;
  const { kind, source, providerId, fields } = head;
  const payload = checkFields(kind, fields, [...loc, 'fields'], issues);
  let offset: number | null | undefined = head.offset;
  let zone = head.zone;
  if ('timezone_offset' in payload && offset === null) {
    offset = checkTimezoneOffset(payload.timezone_offset, [...loc, 'fields', 'timezone_offset'], issues);
  }
  if ('time_zone' in payload && zone === null) {
    zone = checkTimeZone(payload.time_zone, [...loc, 'fields', 'time_zone'], issues);
  }
  if (issues.count > before || offset === undefined) return null;

  const basis = { offset, zone, fallbackZone: ctx.fallbackZone };
  const timing = summaryTiming({ kind, payload, input: head.input, fields, loc, basis, ...ctx }, issues);
  if (!timing) return null;

  // Date-times on the wire carry the data's own offset (its zone's when it has one), else +00:00.
  const renderOffset = (ms: number) => offset ?? (zone !== null ? ctx.zoneOffsets(zone, ms) : 0);
  for (const [name, spec] of fieldsOf(kind)) {
    const value = payload[name];
    if (spec.type === 'datetime' && typeof value === 'number')
      payload[name] = formatDateTime(value, renderOffset(value));
  }
  completeKindFields(kind, payload, timing, { offset, zone }, ctx);
  if (kind === 'sleep_cycle' && !linkSleep(payload, fields, ctx.userId, source.provider)) {
    const msg = "Field required: sleep_id or sleep_provider_id (the sleep summary's provider_id)";
    issues.add([...loc, 'fields', 'sleep_id'], msg, 'missing', null);
    return null;
  }
  return {
    id: summaryId(ctx.userId, kind, source.provider, providerId),
    kind,
    source,
    providerSummaryId: providerId,
    calendarDate: timing.calendarDate,
    startMs: timing.startMs,
    endMs: timing.endMs,
    payload,
    local: timing.local,
  };
}

interface Head {
  input: Record<string, unknown>;
  kind: IngestedSummaryKind;
  source: NormalisedSource;
  providerId: string;
  fields: Record<string, unknown>;
  /** undefined when invalid (already reported). */
  offset: number | null | undefined;
  zone: string | null;
}

/** Everything of a SummaryInput but its fields. */
function checkHead(input: unknown, loc: Loc, ctx: SummaryContext, issues: IssueList): Head | null {
  if (!isRecord(input)) {
    issues.add(loc, 'Input should be a valid dictionary', 'dict_type', input);
    return null;
  }
  const kind = checkKind(input.kind, [...loc, 'kind'], issues);
  const source = checkSource(input.source, [...loc, 'source'], ctx.userId, issues);
  const { provider_id: providerId, fields } = input;
  if (typeof providerId !== 'string' || providerId.length === 0) {
    const type = isAbsent(providerId) ? 'missing' : 'string_type';
    issues.add([...loc, 'provider_id'], 'Input should be a non-empty string', type, providerId);
  }
  if (!isRecord(fields)) {
    const type = isAbsent(fields) ? 'missing' : 'dict_type';
    issues.add([...loc, 'fields'], 'Input should be a valid dictionary', type, fields);
  }
  const offset = checkTimezoneOffset(input.timezone_offset, [...loc, 'timezone_offset'], issues);
  const zone = checkTimeZone(input.time_zone, [...loc, 'time_zone'], issues);
  // A bad offset or zone is recorded; the fields are still checked so every problem is reported.
  if (!kind || !source || !isRecord(fields) || typeof providerId !== 'string' || providerId === '')
    return null;
  return { input, kind, source, providerId, fields, offset, zone };
}

function checkKind(value: unknown, loc: Loc, issues: IssueList): IngestedSummaryKind | null {
  if (
    typeof value === 'string' &&
    value !== 'activity' &&
    (SUMMARY_KINDS as readonly string[]).includes(value)
  ) {
    return value as IngestedSummaryKind;
  }
  const expected = SUMMARY_KINDS.filter((k) => k !== 'activity');
  const msg =
    value === 'activity'
      ? 'Activity summaries are derived by Meridian from the samples and workouts'
      : `Input should be ${expected.map((k) => `'${k}'`).join(', ')}`;
  issues.add(loc, msg, 'enum', value, { expected });
  return null;
}

function checkTimeZone(value: unknown, loc: Loc, issues: IssueList): string | null {
  if (isAbsent(value)) return null;
  if (typeof value === 'string' && isIanaTimeZone(value)) return value;
  issues.add(loc, 'Input should be an IANA time zone', 'value_error', value);
  return null;
}

const fieldLists = new Map<IngestedSummaryKind, ReadonlyArray<readonly [string, FieldSpec]>>();

/** The kind's fields as [name, spec] pairs, listed once per kind. */
function fieldsOf(kind: IngestedSummaryKind): ReadonlyArray<readonly [string, FieldSpec]> {
  let list = fieldLists.get(kind);
  if (!list) fieldLists.set(kind, (list = Object.entries(SUMMARY_FIELDS[kind])));
  return list;
}

/** The kind's listed fields, type-checked; unknown keys and nulls dropped, row fields ignored. */
function checkFields(
  kind: IngestedSummaryKind,
  fields: Record<string, unknown>,
  loc: Loc,
  issues: IssueList,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, spec] of fieldsOf(kind)) {
    if (spec.row !== undefined) continue;
    const value = checkField(fields[name], spec.type, loc, name, issues);
    if (value !== INVALID && value !== null) payload[name] = value;
  }
  return payload;
}

/** Fields Meridian fills in: offsets and zones, sleep duration and type. */
function completeKindFields(
  kind: IngestedSummaryKind,
  payload: Record<string, unknown>,
  timing: SummaryTiming,
  own: { offset: number | null; zone: string | null },
  ctx: SummaryContext,
): void {
  if ((kind === 'sleep' || kind === 'workouts') && timing.startMs !== null) {
    const offset = own.offset ?? (own.zone !== null ? ctx.zoneOffsets(own.zone, timing.startMs) : null);
    if (offset === null) delete payload.timezone_offset;
    else payload.timezone_offset = offset;
  }
  if ((kind === 'sleep_cycle' || kind === 'electrocardiogram') && own.zone !== null)
    payload.time_zone = own.zone;
  if (kind === 'sleep' && timing.startMs !== null && timing.endMs !== null) {
    const duration =
      (payload.duration as number | undefined) ?? Math.round((timing.endMs - timing.startMs) / 1000);
    payload.duration = duration;
    payload.type ??= duration >= THREE_HOURS_S ? 'long_sleep' : 'short_sleep';
  }
}

/** A sleep cycle names its sleep by id or by the sleep's provider_id; false when it does neither. */
function linkSleep(
  payload: Record<string, unknown>,
  fields: Record<string, unknown>,
  userId: string,
  provider: string,
): boolean {
  if (payload.sleep_id !== undefined) return true;
  const sleepProviderId = fields.sleep_provider_id;
  if (typeof sleepProviderId !== 'string' || sleepProviderId.length === 0) return false;
  payload.sleep_id = summaryId(userId, 'sleep', provider, sleepProviderId);
  return true;
}
