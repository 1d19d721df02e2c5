import { renderSource } from './render-source';
import { renderSummary } from './render-summary';

describe('renderSummary and renderSource', () => {
  it('renders a source with the deprecated provider fields', () => {
    expect(renderSource({ provider: 'oura', source_type: 'ring', app_id: null, device_id: null })).toEqual({
      provider: 'oura',
      type: 'ring',
      app_id: null,
      name: 'Oura',
      slug: 'oura',
      logo: 'https://storage.meridian.health/providers/oura.png',
      device_id: null,
      sport: null,
      workout_id: null,
    });
  });

  it('renders every field of a summary kind, null when unknown, sleep durations 0', () => {
    const summary = renderSummary({
      id: 'a0000000-0000-5000-8000-000000000000',
      user_id: 'b0000000-0000-4000-8000-000000000000',
      kind: 'sleep',
      provider: 'oura',
      source_type: 'ring',
      app_id: null,
      device_id: null,
      provider_summary_id: 's1',
      calendar_date: '2026-03-02',
      payload: { bedtime_start: '2026-03-01T23:00:00+01:00', score: 80 },
      created_at: new Date('2026-03-02T08:00:00Z'),
      updated_at: new Date('2026-03-02T08:00:00Z'),
    });
    expect(summary).toMatchObject({
      date: '2026-03-02',
      calendar_date: '2026-03-02',
      bedtime_start: '2026-03-01T23:00:00+01:00',
      bedtime_stop: null,
      score: 80,
      rem: 0,
      sleep_stream: null,
      created_at: '2026-03-02T08:00:00+00:00',
    });
    expect(Object.keys(summary)).toHaveLength(5 + 26);
  });
});
