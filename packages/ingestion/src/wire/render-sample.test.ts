import { timeseriesBySlug } from '@meridian/domain';
import { formatDateTime } from './format-date-time';
import { renderSample, type StoredSample } from './render-sample';

const row = (partial: Partial<StoredSample>): StoredSample => ({
  start_at: new Date('2026-03-01T07:00:00Z'),
  end_at: null,
  timezone_offset: 3600,
  type: '',
  value: null,
  value_text: null,
  systolic: null,
  diastolic: null,
  extras: null,
  ...partial,
});

describe('renderSample', () => {
  it('formats date-times in the given offset, UTC as +00:00', () => {
    expect(formatDateTime(new Date('2026-03-01T07:00:00Z'), 3600)).toBe('2026-03-01T08:00:00+01:00');
    expect(formatDateTime(Date.parse('2026-03-01T07:00:00.5Z'), null)).toBe('2026-03-01T07:00:00.500+00:00');
    expect(formatDateTime(Date.parse('2026-03-01T07:00:00Z'), -16200)).toBe('2026-03-01T02:30:00-04:30');
  });

  it('renders point, interval, blood-pressure and note samples with their extras', () => {
    expect(renderSample(timeseriesBySlug('heartrate')!, row({ value: 61 }))).toEqual({
      id: null,
      timezone_offset: 3600,
      type: null,
      unit: 'bpm',
      timestamp: '2026-03-01T08:00:00+01:00',
      value: 61,
    });
    expect(
      renderSample(
        timeseriesBySlug('workout_duration')!,
        row({
          value: 30,
          end_at: new Date('2026-03-01T07:30:00Z'),
          timezone_offset: null,
          extras: { intensity: 'high' },
        }),
      ),
    ).toEqual({
      id: null,
      timezone_offset: null,
      type: null,
      unit: 'min',
      timestamp: '2026-03-01T07:00:00+00:00',
      start: '2026-03-01T07:00:00+00:00',
      end: '2026-03-01T07:30:00+00:00',
      value: 30,
      intensity: 'high',
    });
    expect(renderSample(timeseriesBySlug('blood_pressure')!, row({ systolic: 120, diastolic: 80 }))).toEqual({
      id: null,
      timezone_offset: 3600,
      type: null,
      unit: 'mmHg',
      timestamp: '2026-03-01T08:00:00+01:00',
      systolic: 120,
      diastolic: 80,
    });
    expect(
      renderSample(
        timeseriesBySlug('note')!,
        row({ value_text: 'pizza', end_at: new Date('2026-03-01T07:01:00Z') }),
      ),
    ).toMatchObject({ unit: 'text', value: 'pizza', tags: null });
  });
});
