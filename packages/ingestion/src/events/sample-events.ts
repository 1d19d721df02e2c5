import type { OutboxEvent } from '@meridian/db';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { WriteOutcome } from '../storage/samples.repository';
import type { NormalisedSample } from '../validation/normalise-timeseries';
import { renderSample, type WireSample } from '../wire/render-sample';
import { renderSource } from '../wire/render-source';
import { DATA_EVENT_RESOURCES } from './data-event-resources';
import { userEvent } from './event-owner';

/** Keeps webhook bodies bounded: a larger group is split over several events (the grouped page size). */
export const MAX_SAMPLES_PER_EVENT = 10_000;

/**
 * `daily.data.<resource>.created|updated`, one per resource and source context, each a `Group`
 * `{source, data}` of the samples created (or changed) by the batch, ascending by timestamp.
 */
export function sampleEvents(
  user: IngestionUser,
  changes: ReadonlyArray<{ sample: NormalisedSample; outcome: WriteOutcome }>,
): OutboxEvent[] {
  const groups = new Map<string, Array<{ sample: NormalisedSample; outcome: WriteOutcome }>>();
  // Samples of one series share their spec and source objects: the group key is worked out once per series
  // and outcome (looked up by identity), not once per sample.
  const keys = new Map<object, Map<object, Partial<Record<WriteOutcome, string>>>>();
  for (const change of changes) {
    const { spec, source } = change.sample;
    if (!DATA_EVENT_RESOURCES.has(spec.resource)) continue;
    let bySpec = keys.get(source);
    if (!bySpec) keys.set(source, (bySpec = new Map()));
    let byOutcome = bySpec.get(spec);
    if (!byOutcome) bySpec.set(spec, (byOutcome = {}));
    const key = (byOutcome[change.outcome] ??= JSON.stringify([
      spec.resource,
      change.outcome,
      source.provider,
      source.sourceType,
      source.appId,
      source.deviceId,
      source.sport,
      source.workoutId,
    ]));
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  const events: OutboxEvent[] = [];
  for (const group of groups.values()) {
    const { sample: first, outcome } = group[0]!;
    const source = renderSource({
      provider: first.source.provider,
      source_type: first.source.sourceType,
      app_id: first.source.appId,
      device_id: first.source.deviceId,
      sport: first.source.sport,
      workout_id: first.source.workoutId,
    });
    const data: WireSample[] = group
      .map((c) => c.sample)
      .sort((a, b) => a.startMs - b.startMs)
      .map((s) =>
        renderSample(s.spec, {
          start_at: s.startMs,
          end_at: s.endMs,
          timezone_offset: s.timezoneOffset,
          type: s.type,
          value: s.value,
          value_text: s.valueText,
          systolic: s.systolic,
          diastolic: s.diastolic,
          extras: s.extras,
        }),
      );
    for (let i = 0; i < data.length; i += MAX_SAMPLES_PER_EVENT) {
      const eventType = `daily.data.${first.spec.resource}.${outcome}`;
      events.push(userEvent(user, eventType, { source, data: data.slice(i, i + MAX_SAMPLES_PER_EVENT) }));
    }
  }
  return events;
}
