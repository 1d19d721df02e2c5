import type { IngestBatch } from '@meridian/ingestion';
import type { DayContext } from './day-context';
import type { Resource } from '@meridian/domain';
import { demoProviderProfile, demoResources, isDemoProvider, type DemoProvider } from './demo-providers';
import { emitBody } from './emit-body';
import { emitContinuous } from './emit-continuous';
import { emitExtras } from './emit-extras';
import { emitNutrition } from './emit-nutrition';
import { emitSleep } from './emit-sleep';
import { emitWorkouts } from './emit-workouts';
import { DemoEmitter } from './emitter';
import { personaFor, type Persona } from './persona';
import { hash32 } from './prng';
import { DemoWorld } from './world';
import { addDays, isKnownTimeZone, localDate } from './zoned-time';

export interface DemoBatchRequest {
  userId: string;
  provider: DemoProvider;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** IANA zone the demo user lives in (default UTC). */
  timeZone?: string | null;
  /** Default `historical`. */
  mode?: IngestBatch['mode'];
}

/**
 * The demo user's life is seeded by the user alone, so two demo devices of one user agree (same nights,
 * same runs); what each provider reports of it, and how, depends on the provider.
 */
export function demoSeed(userId: string): number {
  return hash32('meridian-demo', userId);
}

export function demoPersona(userId: string): Persona {
  return personaFor(demoSeed(userId));
}

/** The resources a demo connection fills for this user (see `demoResources`). */
export function demoResourcesFor(userId: string, provider: DemoProvider): Resource[] {
  return demoResources(provider, demoPersona(userId));
}

/**
 * Everything `provider` would have delivered for the demo user in [from, to): deterministic for the
 * inputs, and generating [a, b) then [b, c) yields exactly the items of [a, c).
 */
export function generateDemoBatch(request: DemoBatchRequest): IngestBatch {
  const { userId, provider } = request;
  if (!isDemoProvider(provider)) throw new RangeError(`${String(provider)} is not a demo provider`);
  const timeZone = request.timeZone ?? 'UTC';
  if (!isKnownTimeZone(timeZone)) throw new RangeError(`unknown time zone ${timeZone}`);
  const from = request.from.getTime();
  const to = request.to.getTime();
  if (!(from <= to)) throw new RangeError('from must not be after to');
  const out = new DemoEmitter(provider, from, to);
  if (from < to) {
    const seed = demoSeed(userId);
    const world = new DemoWorld(seed, personaFor(seed), timeZone);
    const profile = demoProviderProfile(provider);
    // A day's plan holds items from the previous evening (the night) to just after its midnight.
    const last = addDays(localDate(to - 1, timeZone), 1);
    for (let date = addDays(localDate(from, timeZone), -1); date <= last; date = addDays(date, 1)) {
      const ctx: DayContext = { world, out, profile, plan: world.plan(date) };
      emitSleep(ctx);
      emitContinuous(ctx);
      emitWorkouts(ctx);
      emitBody(ctx);
      emitNutrition(ctx);
      emitExtras(ctx);
    }
  }
  return out.toBatch(userId, request.mode ?? 'historical');
}
