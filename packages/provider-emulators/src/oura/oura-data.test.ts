/**
 * Oura's emulated heart rate follows the account's own documents: a sample inside a night's sleep (the
 * document's bedtime_start to bedtime_end) reads as sleep, and only there (heart rate works out the nights'
 * spans without building the sleep documents; these must agree with the documents served).
 */
import { ouraHeartRate, ouraSleep, ouraWorkout, ouraWorkoutSpan } from './oura-data';

const DAY_MS = 86_400_000;
const FROM = Date.UTC(2026, 2, 1); // across the March DST changes of Europe and North America
const TO = FROM + 40 * DAY_MS;

describe('Oura heart rate against the sleep and workout documents', () => {
  it.each(Array.from({ length: 12 }, (_, i) => `acct-${i}`))('agrees for %s', (accountId) => {
    const nights: Array<[number, number]> = [];
    const workouts: Array<[number, number]> = [];
    for (let day = FROM - 2 * DAY_MS; day < TO + 2 * DAY_MS; day += DAY_MS) {
      const date = new Date(day).toISOString().slice(0, 10);
      const sleep = ouraSleep(accountId, date);
      if (sleep) nights.push([Date.parse(sleep.bedtime_start), Date.parse(sleep.bedtime_end)]);
      const workout = ouraWorkout(accountId, date);
      if (workout) {
        const span = ouraWorkoutSpan(workout);
        workouts.push([span.start, span.end]);
      }
    }
    expect(nights.length).toBeGreaterThan(30);
    const within = (spans: Array<[number, number]>, t: number) => spans.some(([a, b]) => t >= a && t < b);
    const rows = ouraHeartRate(accountId, FROM, TO);
    expect(rows.length).toBeGreaterThan(10_000);
    let asleep = 0;
    for (const row of rows) {
      expect(row.source === 'sleep').toBe(within(nights, row.timestamp_unix));
      if (row.source === 'sleep') asleep += 1;
      else expect(row.source === 'workout').toBe(within(workouts, row.timestamp_unix));
    }
    expect(asleep).toBeGreaterThan(rows.length / 5);
  });
});
