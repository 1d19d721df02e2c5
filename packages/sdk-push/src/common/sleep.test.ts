import { sleepFields } from './sleep';

const t = (h: number) => Date.UTC(2026, 4, 1, 22) + h * 3600_000;

describe('sleepFields', () => {
  it('counts each instant once, as the most specific stage', () => {
    const f = sleepFields(
      [
        { startMs: t(0), endMs: t(8), stage: 'in_bed' },
        { startMs: t(0.5), endMs: t(7.5), stage: 'asleep' },
        { startMs: t(1), endMs: t(3), stage: 'deep' },
        { startMs: t(2), endMs: t(4), stage: 'rem' }, // overlaps deep 2–3: deep wins there
        { startMs: t(5), endMs: t(5.5), stage: 'awake' },
      ],
      t(0),
      t(8),
    );
    expect(f).toEqual({
      bedtime_start_ms: t(0),
      bedtime_stop_ms: t(8),
      duration: 8 * 3600,
      deep: 2 * 3600,
      rem: 3600,
      light: 0,
      total: 6.5 * 3600,
      awake: 1.5 * 3600,
      latency: 1800,
      efficiency: 81.3,
    });
  });

  it('counts gaps as awake and has no latency without sleep', () => {
    const f = sleepFields([{ startMs: t(0), endMs: t(1), stage: 'in_bed' }], t(0), t(2));
    expect(f).toMatchObject({ duration: 7200, total: 0, awake: 7200, latency: null, efficiency: 0 });
  });
});
