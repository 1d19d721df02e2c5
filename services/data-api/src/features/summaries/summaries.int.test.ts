import request from 'supertest';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApiHarness, type DataApiHarness } from '../../testing/data-api.harness';
import { insertSummary, insertUser, wireSource, WIRE_TIMES } from './summaries.test-fixtures';

const DEVICE_ID = '5b0f3c3e-8d3a-4c47-9b1e-2f0d2c1a9e01';
const SLEEP_ID = '0e7c1a52-3f7d-4f0e-a1b4-6c2d9e8f7a10';

describe('summaries API', () => {
  let h: DataApiHarness;
  let key: string;
  let teamId: string;

  beforeAll(async () => {
    h = await createDataApiHarness();
    const org = await seedOrg(h.db.knex);
    const team = await seedTeam(h.db.knex, org.orgId);
    teamId = team.teamId;
    key = team.apiKeys.sandbox;
  }, 30_000);
  afterAll(() => h.close());

  const get = (path: string) => request(h.app).get(path).set('x-service-api-key', key);
  const newUser = () => insertUser(h.db.knex, teamId, 'sandbox');

  describe('each kind round-trips a full payload exactly', () => {
    it('activity', async () => {
      const userId = await newUser();
      const payload = {
        date: '2026-02-10',
        calendar_date: '2026-02-10',
        calories_total: 2450.5,
        calories_active: 620,
        steps: 10432,
        daily_movement: 8100.2,
        distance: 8100.2,
        low: 140,
        medium: 45,
        high: 12.5,
        floors_climbed: 9,
        time_zone: 'Europe/Berlin',
        timezone_offset: 3600,
        heart_rate: { avg_bpm: 71, min_bpm: 48, max_bpm: 162, resting_bpm: 52, avg_walking_bpm: 96 },
        wheelchair_use: false,
        wheelchair_push: null,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'activity',
        payload,
        calendarDate: '2026-02-10',
        deviceId: DEVICE_ID,
        appId: 'com.ouraring.oura',
      });
      const res = await get(`/v2/summary/activity/${userId}?start_date=2026-02-10`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        activity: [
          {
            id,
            user_id: userId,
            ...payload,
            source: wireSource('oura', 'ring', 'com.ouraring.oura', DEVICE_ID),
            ...WIRE_TIMES,
          },
        ],
      });
    });

    it('body', async () => {
      const userId = await newUser();
      const payload = {
        date: '2026-02-11',
        calendar_date: '2026-02-11',
        weight: 72.4,
        fat: 18.2,
        water_percentage: 55.1,
        muscle_mass_percentage: 41.3,
        visceral_fat_index: 7,
        bone_mass_percentage: 4.2,
        body_mass_index: 22.9,
        lean_body_mass_kilogram: 59.2,
        waist_circumference_centimeter: 81.5,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'body',
        provider: 'withings',
        sourceType: 'scale',
        payload,
        calendarDate: '2026-02-11',
      });
      const res = await get(`/v2/summary/body/${userId}?start_date=2026-02-01&end_date=2026-02-28`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        body: [{ id, user_id: userId, ...payload, source: wireSource('withings', 'scale'), ...WIRE_TIMES }],
      });
    });

    it('meal', async () => {
      const userId = await newUser();
      const nutrition = {
        energy: { unit: 'kcal', value: 640 },
        macros: {
          carbs: 72,
          protein: 31.5,
          fats: {
            saturated: 6,
            monounsaturated: 9,
            polyunsaturated: 4,
            omega3: 0.4,
            omega6: 2.1,
            total: 21,
          },
          alcohol: 0,
          water: 310,
          fibre: 8,
          sugar: 12,
          cholesterol: 0.09,
        },
        micros: {
          minerals: { sodium: 0.9, potassium: 1.1 },
          trace_elements: { zinc: 0.004 },
          vitamins: { vitamin_c: 0.03 },
        },
      };
      const payload = {
        priority_id: 2,
        source_id: 17,
        provider_id: 'mfp-meal-881',
        timestamp: '2026-02-12T12:30:00+01:00',
        calendar_date: '2026-02-12',
        name: 'Lunch',
        ...nutrition,
        data: { 'Chicken salad': nutrition },
        source_app_id: 'com.myfitnesspal.android',
        source_device_id: null,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'meal',
        provider: 'my_fitness_pal_v2',
        sourceType: 'app',
        appId: 'com.myfitnesspal.android',
        providerSummaryId: 'mfp-meal-881',
        payload,
        calendarDate: '2026-02-12',
        startAt: '2026-02-12T11:30:00Z',
      });
      const res = await get(`/v2/summary/meal/${userId}?start_date=2026-02-12&end_date=2026-02-12`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        meals: [
          {
            id,
            user_id: userId,
            ...payload,
            source: wireSource('my_fitness_pal_v2', 'app', 'com.myfitnesspal.android'),
            ...WIRE_TIMES,
          },
        ],
      });
    });

    it('profile', async () => {
      const userId = await newUser();
      const payload = {
        date: '2026-01-20',
        height: 178.5,
        birth_date: '1990-04-02',
        wheelchair_use: false,
        gender: 'female',
        sex: 'female',
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'profile',
        payload,
        calendarDate: '2026-01-20',
      });
      const res = await get(`/v2/summary/profile/${userId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id,
        user_id: userId,
        ...payload,
        source: wireSource('oura', 'ring'),
        ...WIRE_TIMES,
      });
    });

    it('sleep (sleep_stream is null in lists, even when one is stored)', async () => {
      const userId = await newUser();
      const payload = {
        date: '2026-02-13',
        calendar_date: '2026-02-13',
        bedtime_start: '2026-02-12T23:10:00+01:00',
        bedtime_stop: '2026-02-13T07:02:30+01:00',
        type: 'long_sleep',
        timezone_offset: 3600,
        duration: 28350,
        total: 26100,
        awake: 2250,
        light: 13200,
        rem: 6300,
        deep: 6600,
        score: 84,
        recovery_readiness_score: 77,
        hr_lowest: 47,
        hr_average: 55.2,
        hr_resting: 49,
        efficiency: 92,
        latency: 540,
        temperature_delta: -0.12,
        skin_temperature: 34.6,
        hr_dip: 18.5,
        state: 'confirmed',
        average_hrv: 62.4,
        respiratory_rate: 14.2,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'sleep',
        payload: {
          ...payload,
          sleep_stream: { hrv: [], heartrate: [], hypnogram: [], respiratory_rate: [] },
        },
        calendarDate: '2026-02-13',
        startAt: '2026-02-12T22:10:00Z',
        endAt: '2026-02-13T06:02:30Z',
      });
      const res = await get(`/v2/summary/sleep/${userId}?start_date=2026-02-13`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        sleep: [
          {
            id,
            user_id: userId,
            ...payload,
            sleep_stream: null,
            source: wireSource('oura', 'ring'),
            ...WIRE_TIMES,
          },
        ],
      });
    });

    it('workouts', async () => {
      const userId = await newUser();
      const payload = {
        title: 'Morning Ride',
        timezone_offset: -18000,
        average_hr: 141,
        max_hr: 176,
        distance: 40210.5,
        calendar_date: '2026-02-14',
        time_start: '2026-02-14T07:00:00-05:00',
        time_end: '2026-02-14T08:31:10.250-05:00',
        calories: 980,
        sport: { id: 2, name: 'Cycling', slug: 'cycling' },
        hr_zones: [120, 900, 2100, 1800, 500, 50],
        moving_time: 5300,
        total_elevation_gain: 412,
        elev_high: 320.5,
        elev_low: 102,
        average_speed: 7.6,
        max_speed: 16.2,
        average_watts: 201,
        device_watts: 1,
        max_watts: 780,
        weighted_average_watts: 224,
        steps: null,
        map: { polyline: 'a~l~Fjk~uOwHJy@P', summary_polyline: 'a~l~Fjk~uO' },
        provider_id: 'strava-123456',
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'workouts',
        provider: 'strava',
        sourceType: 'unknown',
        providerSummaryId: 'strava-123456',
        payload,
        calendarDate: '2026-02-14',
        startAt: '2026-02-14T12:00:00Z',
        endAt: '2026-02-14T13:31:10.250Z',
      });
      const res = await get(`/v2/summary/workouts/${userId}?start_date=2026-02-14T00:00:00Z`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        workouts: [
          { id, user_id: userId, ...payload, source: wireSource('strava', 'unknown'), ...WIRE_TIMES },
        ],
      });
    });

    it('sleep_cycle', async () => {
      const userId = await newUser();
      const payload = {
        sleep_id: SLEEP_ID,
        session_start: '2026-02-12T23:10:00+01:00',
        session_end: '2026-02-13T07:02:30+01:00',
        stage_start_offset_second: [0, 540, 3600.5],
        stage_end_offset_second: [540, 3600.5, 28350],
        stage_type: [4, 2, 1],
        time_zone: 'Europe/Berlin',
        source_provider: 'oura',
        source_type: 'ring',
        source_app_id: null,
        source_device_id: DEVICE_ID,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'sleep_cycle',
        deviceId: DEVICE_ID,
        payload,
        calendarDate: '2026-02-13',
        startAt: '2026-02-12T22:10:00Z',
      });
      const res = await get(`/v2/summary/sleep_cycle/${userId}?start_date=2026-02-13&end_date=2026-02-13`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        sleep_cycle: [
          {
            id,
            user_id: userId,
            ...payload,
            source: wireSource('oura', 'ring', null, DEVICE_ID),
            ...WIRE_TIMES,
          },
        ],
      });
    });

    it('menstrual_cycle', async () => {
      const userId = await newUser();
      const payload = {
        period_start: '2026-02-01',
        period_end: '2026-02-05',
        cycle_end: '2026-02-28',
        is_predicted: false,
        menstrual_flow: [
          { date: '2026-02-01', flow: 'heavy' },
          { date: '2026-02-02', flow: 'medium' },
        ],
        cervical_mucus: [{ date: '2026-02-12', quality: 'egg_white' }],
        intermenstrual_bleeding: [{ date: '2026-02-18' }],
        contraceptive: [{ date: '2026-02-01', type: 'oral' }],
        detected_deviations: [{ date: '2026-02-28', deviation: 'irregular_menstrual_cycles' }],
        ovulation_test: [{ date: '2026-02-13', test_result: 'luteinizing_hormone_surge' }],
        home_pregnancy_test: [{ date: '2026-02-27', test_result: 'negative' }],
        home_progesterone_test: [{ date: '2026-02-20', test_result: 'positive' }],
        sexual_activity: [
          { date: '2026-02-14', protection_used: true },
          { date: '2026-02-16', protection_used: null },
        ],
        basal_body_temperature: [{ date: '2026-02-14', value: 36.72 }],
        source_provider: 'apple_health_kit',
        source_type: 'phone',
        source_app_id: 'com.apple.Health',
        source_device_id: null,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'menstrual_cycle',
        provider: 'apple_health_kit',
        sourceType: 'phone',
        appId: 'com.apple.Health',
        payload,
        calendarDate: '2026-02-01',
      });
      const res = await get(
        `/v2/summary/menstrual_cycle/${userId}?start_date=2026-01-15&end_date=2026-02-01`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        menstrual_cycle: [
          {
            id,
            user_id: userId,
            ...payload,
            source: wireSource('apple_health_kit', 'phone', 'com.apple.Health'),
            ...WIRE_TIMES,
          },
        ],
      });
    });

    it('electrocardiogram', async () => {
      const userId = await newUser();
      const payload = {
        session_start: '2026-02-15T09:00:00+00:00',
        session_end: '2026-02-15T09:00:30+00:00',
        voltage_sample_count: 15360,
        heart_rate_mean: 68,
        sampling_frequency_hz: 512,
        classification: 'inconclusive',
        inconclusive_cause: 'poor_reading',
        algorithm_version: '2.1',
        time_zone: 'UTC',
        source_provider: 'fitbit',
        source_type: 'watch',
        source_app_id: null,
        source_device_model: 'Sense 2',
        source_device_id: null,
      };
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'electrocardiogram',
        provider: 'fitbit',
        sourceType: 'watch',
        payload,
        calendarDate: '2026-02-15',
        startAt: '2026-02-15T09:00:00Z',
      });
      const res = await get(`/v2/summary/electrocardiogram/${userId}?start_date=2026-02-15`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        electrocardiogram: [
          { id, user_id: userId, ...payload, source: wireSource('fitbit', 'watch'), ...WIRE_TIMES },
        ],
      });
    });
  });

  describe('stored payloads with missing, extra or unfit values', () => {
    it('serialises every missing activity field as null; date and calendar_date come from the row', async () => {
      const userId = await newUser();
      const id = await insertSummary(h.db.knex, {
        userId,
        kind: 'activity',
        payload: { steps: 1200 },
        calendarDate: '2026-02-20',
      });
      const res = await get(`/v2/summary/activity/${userId}?start_date=2026-02-20`);
      expect(res.status).toBe(200);
      expect(res.body.activity).toEqual([
        {
          id,
          user_id: userId,
          date: '2026-02-20',
          calendar_date: '2026-02-20',
          calories_total: null,
          calories_active: null,
          steps: 1200,
          daily_movement: null,
          distance: null,
          low: null,
          medium: null,
          high: null,
          floors_climbed: null,
          time_zone: null,
          timezone_offset: null,
          heart_rate: null,
          wheelchair_use: null,
          wheelchair_push: null,
          source: wireSource('oura', 'ring'),
          ...WIRE_TIMES,
        },
      ]);
    });

    it('fills non-null fields from the row or neutral defaults when the payload is empty', async () => {
      const userId = await newUser();
      const common = { userId, payload: {}, calendarDate: '2026-02-21' };
      const times = { startAt: '2026-02-21T01:00:00Z', endAt: '2026-02-21T02:30:00Z' };
      await insertSummary(h.db.knex, { ...common, kind: 'sleep', ...times });
      await insertSummary(h.db.knex, { ...common, kind: 'workouts', ...times, providerSummaryId: 'w-1' });
      await insertSummary(h.db.knex, { ...common, kind: 'meal', startAt: times.startAt });
      await insertSummary(h.db.knex, {
        ...common,
        kind: 'sleep_cycle',
        ...times,
        sourceType: 'watch',
        appId: 'a.b',
      });
      await insertSummary(h.db.knex, { ...common, kind: 'menstrual_cycle', sourceType: 'bogus' });
      await insertSummary(h.db.knex, { ...common, kind: 'electrocardiogram', ...times });
      const q = '?start_date=2026-02-21&end_date=2026-02-21';

      const [sleep] = (await get(`/v2/summary/sleep/${userId}${q}`)).body.sleep;
      expect(sleep).toMatchObject({
        date: '2026-02-21',
        bedtime_start: '2026-02-21T01:00:00+00:00',
        bedtime_stop: '2026-02-21T02:30:00+00:00',
        type: 'unknown',
        duration: 0,
        total: 0,
        awake: 0,
        light: 0,
        rem: 0,
        deep: 0,
        score: null,
        state: null,
        sleep_stream: null,
      });

      const [workout] = (await get(`/v2/summary/workouts/${userId}${q}`)).body.workouts;
      expect(workout).toMatchObject({
        title: null,
        time_start: '2026-02-21T01:00:00+00:00',
        time_end: '2026-02-21T02:30:00+00:00',
        sport: null,
        hr_zones: null,
        map: null,
        provider_id: 'w-1',
      });

      const [meal] = (await get(`/v2/summary/meal/${userId}${q}`)).body.meals;
      expect(meal).toMatchObject({
        priority_id: 0,
        source_id: 0,
        provider_id: '',
        timestamp: '2026-02-21T01:00:00+00:00',
        calendar_date: '2026-02-21',
        name: '',
        energy: null,
        macros: null,
        micros: null,
        data: null,
        source_app_id: null,
        source_device_id: null,
      });

      const [cycle] = (await get(`/v2/summary/sleep_cycle/${userId}${q}`)).body.sleep_cycle;
      expect(cycle).toMatchObject({
        // §4.4: a uuid, never null; no provider id to link by here → the nil UUID.
        sleep_id: '00000000-0000-0000-0000-000000000000',
        session_start: '2026-02-21T01:00:00+00:00',
        stage_start_offset_second: [],
        stage_end_offset_second: [],
        stage_type: [],
        time_zone: null,
        source_provider: 'oura',
        source_type: 'watch',
        source_app_id: 'a.b',
        source_device_id: null,
      });

      const [menstrual] = (await get(`/v2/summary/menstrual_cycle/${userId}${q}`)).body.menstrual_cycle;
      expect(menstrual).toMatchObject({
        period_start: '2026-02-21',
        period_end: null,
        menstrual_flow: null,
        basal_body_temperature: null,
        source_type: 'unknown',
      });
      expect(menstrual.source.type).toBe('unknown');

      const [ecg] = (await get(`/v2/summary/electrocardiogram/${userId}${q}`)).body.electrocardiogram;
      expect(ecg).toMatchObject({
        session_start: '2026-02-21T01:00:00+00:00',
        session_end: '2026-02-21T02:30:00+00:00',
        voltage_sample_count: 0,
        classification: null,
        source_device_model: null,
      });
    });

    it('never lets unlisted keys through, at the top level or nested', async () => {
      const userId = await newUser();
      await insertSummary(h.db.knex, {
        userId,
        kind: 'workouts',
        provider: 'strava',
        payload: {
          internal_note: 'secret',
          sport: { id: 3, name: 'Running', slug: 'running', vendor_code: 'RUN' },
          map: { polyline: 'x', summary_polyline: 'y', raw: {} },
          user_id: 'not-this-one',
          id: 'nor-this',
        },
        calendarDate: '2026-02-22',
        startAt: '2026-02-22T10:00:00Z',
        endAt: '2026-02-22T11:00:00Z',
      });
      const res = await get(`/v2/summary/workouts/${userId}?start_date=2026-02-22`);
      expect(res.status).toBe(200);
      const [workout] = res.body.workouts;
      expect(workout.internal_note).toBeUndefined();
      expect(workout.user_id).toBe(userId);
      expect(workout.id).not.toBe('nor-this');
      expect(workout.sport).toEqual({ id: 3, name: 'Running', slug: 'running' });
      expect(workout.map).toEqual({ polyline: 'x', summary_polyline: 'y' });
    });

    it('renders values that do not fit their field as null (and fills missing nested members)', async () => {
      const userId = await newUser();
      await insertSummary(h.db.knex, {
        userId,
        kind: 'activity',
        payload: {
          steps: 'many',
          floors_climbed: 2.5,
          heart_rate: { avg_bpm: 70 },
          time_zone: 42,
          date: '2026-02-31',
        },
        calendarDate: '2026-02-23',
      });
      await insertSummary(h.db.knex, {
        userId,
        kind: 'profile',
        payload: { gender: 'robot', sex: 'male', height: '180' },
        calendarDate: null,
        updatedAt: '2026-02-23T10:00:00Z',
      });
      const [activity] = (await get(`/v2/summary/activity/${userId}?start_date=2026-02-23`)).body.activity;
      expect(activity).toMatchObject({
        date: '2026-02-23',
        steps: null,
        floors_climbed: null,
        time_zone: null,
        heart_rate: { avg_bpm: 70, min_bpm: null, max_bpm: null, resting_bpm: null, avg_walking_bpm: null },
      });
      const profile = await get(`/v2/summary/profile/${userId}`);
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ date: '2026-02-23', gender: null, sex: 'male', height: null });
    });

    it('writes date-times with their stored offset, Z as +00:00, and no offset as UTC', async () => {
      const userId = await newUser();
      await insertSummary(h.db.knex, {
        userId,
        kind: 'electrocardiogram',
        payload: { session_start: '2026-02-24T08:00:00Z', session_end: '2026-02-24T09:00:00.5+0130' },
        calendarDate: '2026-02-24',
        startAt: '2026-02-24T08:00:00Z',
      });
      await insertSummary(h.db.knex, {
        userId,
        kind: 'electrocardiogram',
        payload: { session_start: '2026-02-24T10:00:00', session_end: 'soon' },
        calendarDate: '2026-02-24',
        startAt: '2026-02-24T10:00:00Z',
        endAt: '2026-02-24T10:00:30.123Z',
      });
      const res = await get(`/v2/summary/electrocardiogram/${userId}?start_date=2026-02-24`);
      expect(res.status).toBe(200);
      expect(
        res.body.electrocardiogram.map((e: Record<string, unknown>) => [e.session_start, e.session_end]),
      ).toEqual([
        ['2026-02-24T08:00:00+00:00', '2026-02-24T09:00:00.5+01:30'],
        ['2026-02-24T10:00:00+00:00', '2026-02-24T10:00:30.123+00:00'],
      ]);
    });
  });

  describe('range, provider and order', () => {
    let userId: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      userId = await newUser();
      for (const [name, date, provider] of [
        ['jan31', '2026-01-31', 'oura'],
        ['feb01', '2026-02-01', 'oura'],
        ['feb02', '2026-02-02', 'fitbit'],
        ['feb03', '2026-02-03', 'oura'],
        ['feb04', '2026-02-04', 'oura'],
      ] as const) {
        ids[name] = await insertSummary(h.db.knex, {
          userId,
          kind: 'body',
          provider,
          payload: { weight: 70 },
          calendarDate: date,
        });
      }
    });

    const dates = async (query: string) => {
      const res = await get(`/v2/summary/body/${userId}?${query}`);
      expect(res.status).toBe(200);
      return res.body.body.map((b: { calendar_date: string }) => b.calendar_date);
    };

    it('includes both bounds; a date-only end covers the whole day', async () => {
      expect(await dates('start_date=2026-02-01&end_date=2026-02-03')).toEqual([
        '2026-02-01',
        '2026-02-02',
        '2026-02-03',
      ]);
      expect(await dates('start_date=2026-02-03&end_date=2026-02-03')).toEqual(['2026-02-03']);
    });

    it('has no upper bound without end_date', async () => {
      expect(await dates('start_date=2026-02-03')).toEqual(['2026-02-03', '2026-02-04']);
    });

    it('matches date-time bounds on the date they name, in their own offset', async () => {
      const start = encodeURIComponent('2026-02-01T23:30:00-05:00');
      const end = encodeURIComponent('2026-02-03T00:15:00+09:00');
      expect(await dates(`start_date=${start}&end_date=${end}`)).toEqual([
        '2026-02-01',
        '2026-02-02',
        '2026-02-03',
      ]);
      expect(await dates('start_date=2026-02-04T00:00:00')).toEqual(['2026-02-04']);
      // An unencoded `+` arrives as a space; the offset is still read.
      expect(await dates('start_date=2026-02-03T01:00:00+05:00&end_date=2026-02-03T08:00:00+01:00')).toEqual([
        '2026-02-03',
      ]);
    });

    it('filters by provider; empty means all, an unknown slug gives an empty list', async () => {
      expect(await dates('start_date=2026-01-01&provider=fitbit')).toEqual(['2026-02-02']);
      expect(await dates('start_date=2026-01-01&provider=')).toHaveLength(5);
      expect(await dates('start_date=2026-01-01&provider=nope')).toEqual([]);
    });

    it('orders by calendar_date, then start, then id', async () => {
      const u = await newUser();
      const at = (t: string) => `2026-02-05T${t}:00Z`;
      const later = await insertSummary(h.db.knex, {
        userId: u,
        kind: 'workouts',
        payload: {},
        calendarDate: '2026-02-05',
        startAt: at('18:00'),
        endAt: at('19:00'),
      });
      const earlierDay = await insertSummary(h.db.knex, {
        userId: u,
        kind: 'workouts',
        payload: {},
        calendarDate: '2026-02-04',
        startAt: at('20:00'),
        endAt: at('21:00'),
      });
      const sameStart = ['ffffffff-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'];
      for (const id of sameStart) {
        await insertSummary(h.db.knex, {
          id,
          userId: u,
          kind: 'workouts',
          payload: {},
          calendarDate: '2026-02-05',
          startAt: at('07:00'),
          endAt: at('08:00'),
        });
      }
      const res = await get(`/v2/summary/workouts/${u}?start_date=2026-02-01`);
      expect(res.body.workouts.map((w: { id: string }) => w.id)).toEqual([
        earlierDay,
        sameStart[1],
        sameStart[0],
        later,
      ]);
    });
  });

  describe('profile', () => {
    it('returns the latest profile: calendar date first, then last update; provider narrows', async () => {
      const userId = await newUser();
      await insertSummary(h.db.knex, {
        userId,
        kind: 'profile',
        provider: 'fitbit',
        sourceType: 'watch',
        payload: { height: 170 },
        calendarDate: '2026-01-01',
      });
      await insertSummary(h.db.knex, {
        userId,
        kind: 'profile',
        payload: { height: 171 },
        calendarDate: '2026-02-01',
        updatedAt: '2026-02-01T10:00:00Z',
      });
      await insertSummary(h.db.knex, {
        userId,
        kind: 'profile',
        payload: { height: 172 },
        calendarDate: '2026-02-01',
        updatedAt: '2026-02-01T11:00:00Z',
      });
      const latest = await get(`/v2/summary/profile/${userId}`);
      expect(latest.body).toMatchObject({
        height: 172,
        date: '2026-02-01',
        updated_at: '2026-02-01T11:00:00+00:00',
      });
      const fitbit = await get(`/v2/summary/profile/${userId}?provider=fitbit`);
      expect(fitbit.body).toMatchObject({ height: 170, source: { provider: 'fitbit', type: 'watch' } });
    });

    it('is 404 when the user has no profile, or none from the provider', async () => {
      const userId = await newUser();
      const none = await get(`/v2/summary/profile/${userId}`);
      expect(none.status).toBe(404);
      expect(none.body.detail.error_type).toBe('not_found');
      await insertSummary(h.db.knex, { userId, kind: 'profile', payload: {}, calendarDate: '2026-01-01' });
      expect((await get(`/v2/summary/profile/${userId}`)).status).toBe(200);
      expect((await get(`/v2/summary/profile/${userId}?provider=garmin`)).status).toBe(404);
    });
  });

  describe('validation (422)', () => {
    let userId: string;
    beforeAll(async () => {
      userId = await newUser();
    });

    function expectIssues(
      res: request.Response,
      expected: Array<{ loc: string[]; type: string; input?: unknown }>,
    ) {
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual(
        expected.map((e) => ({
          loc: e.loc,
          type: e.type,
          msg: expect.any(String),
          input: e.input ?? expect.anything(),
          ctx: expect.any(Object),
        })),
      );
    }

    it('requires start_date', async () => {
      const res = await get(`/v2/summary/activity/${userId}`);
      expectIssues(res, [{ loc: ['query', 'start_date'], type: 'missing' }]);
    });

    it('refuses malformed dates, naming each parameter', async () => {
      const res = await get(`/v2/summary/sleep/${userId}?start_date=yesterday&end_date=2026-02-30`);
      expectIssues(res, [
        { loc: ['query', 'start_date'], type: 'datetime_parsing', input: 'yesterday' },
        { loc: ['query', 'end_date'], type: 'datetime_parsing', input: '2026-02-30' },
      ]);
      const hour = await get(`/v2/summary/sleep/${userId}?start_date=2026-02-01T24:00:00Z`);
      expectIssues(hour, [
        { loc: ['query', 'start_date'], type: 'datetime_parsing', input: '2026-02-01T24:00:00Z' },
      ]);
    });

    it('refuses end_date before start_date', async () => {
      const res = await get(`/v2/summary/workouts/${userId}?start_date=2026-02-02&end_date=2026-02-01`);
      expectIssues(res, [{ loc: ['query', 'end_date'], type: 'value_error', input: '2026-02-01' }]);
      // The same day is fine: a date-only end is 23:59:59.
      const sameDay = await get(
        `/v2/summary/workouts/${userId}?start_date=2026-02-01T12:00:00Z&end_date=2026-02-01`,
      );
      expect(sameDay.status).toBe(200);
      const earlier = await get(
        `/v2/summary/workouts/${userId}?start_date=2026-02-01T12:00:00Z&end_date=2026-02-01T11:59:59Z`,
      );
      expectIssues(earlier, [{ loc: ['query', 'end_date'], type: 'value_error' }]);
    });

    it('takes dates only on sleep_cycle, menstrual_cycle and electrocardiogram', async () => {
      for (const kind of ['sleep_cycle', 'menstrual_cycle', 'electrocardiogram']) {
        const res = await get(`/v2/summary/${kind}/${userId}?start_date=2026-02-01T00:00:00Z`);
        expectIssues(res, [
          { loc: ['query', 'start_date'], type: 'date_parsing', input: '2026-02-01T00:00:00Z' },
        ]);
        const missing = await get(`/v2/summary/${kind}/${userId}`);
        expectIssues(missing, [{ loc: ['query', 'start_date'], type: 'missing' }]);
      }
    });

    it('refuses a malformed user id, and answers 422 before looking the user up', async () => {
      const bad = await get('/v2/summary/body/not-a-uuid?start_date=2026-02-01');
      expectIssues(bad, [{ loc: ['path', 'user_id'], type: 'uuid_parsing', input: 'not-a-uuid' }]);
      const unknownUser = await get('/v2/summary/body/7d2b8c8e-0000-4000-8000-00000000000a?start_date=x');
      expectIssues(unknownUser, [{ loc: ['query', 'start_date'], type: 'datetime_parsing', input: 'x' }]);
    });
  });
});
