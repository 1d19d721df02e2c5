import type { SourceInput, SummaryInput } from '@meridian/ingestion';

/** One body measurement in canonical units (kg, %, cm...), as a body summary field. */
export interface BodyMeasurement {
  /** The record's own id (HealthKit uuid, Health Connect metadata.id, Samsung uid). */
  id: string;
  ms: number;
  source: SourceInput;
  zone: string | null;
  offset: number | null;
  field: string;
  value: number;
}

/**
 * Body measurements grouped per source app and instant into body summaries (one weigh-in: weight, fat,
 * BMI written together). A group's provider_id is its smallest record id, so a resend of the same records
 * gives the same summary.
 */
export class BodyGroups {
  private readonly groups = new Map<string, BodyMeasurement[]>();

  add(m: BodyMeasurement): void {
    const key = JSON.stringify([m.source.app_id, m.source.type, m.ms]);
    const list = this.groups.get(key) ?? [];
    list.push(m);
    this.groups.set(key, list);
  }

  summaries(): SummaryInput[] {
    return [...this.groups.values()].map((group) => {
      const ordered = [...group].sort((a, b) => a.id.localeCompare(b.id));
      const first = ordered[0]!;
      const fields: Record<string, unknown> = {};
      for (const m of ordered) fields[m.field] ??= m.value;
      return {
        kind: 'body',
        source: first.source,
        provider_id: first.id,
        timestamp: new Date(first.ms).toISOString(),
        time_zone: group.find((m) => m.zone !== null)?.zone ?? null,
        timezone_offset: first.offset,
        fields,
      };
    });
  }
}
