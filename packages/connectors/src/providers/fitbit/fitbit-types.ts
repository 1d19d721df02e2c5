/**
 * The parts of Fitbit Web API payloads the connector reads (https://dev.fitbit.com/build/reference/web-api/).
 * Local date-times (`2024-03-01T23:10:30.000`) are in the user's profile time zone; exercise logs carry
 * their offset. Units are metric: no Accept-Language header is sent.
 */
export interface FitbitIntradayPoint {
  time: string;
  value: number;
}

export type FitbitIntraday = Record<string, unknown>;

export interface FitbitDailySummary {
  summary?: { activityCalories?: number; steps?: number; caloriesBMR?: number; caloriesOut?: number };
}

export interface FitbitPagination {
  next?: string;
  previous?: string;
  limit?: number;
  offset?: number;
}

export interface FitbitSleepLevel {
  dateTime: string;
  level: string;
  seconds: number;
}

export interface FitbitSleepLog {
  logId: number;
  dateOfSleep?: string;
  startTime: string;
  endTime: string;
  duration?: number;
  efficiency?: number;
  isMainSleep?: boolean;
  minutesAsleep?: number;
  minutesAwake?: number;
  minutesToFallAsleep?: number;
  timeInBed?: number;
  type?: string;
  levels?: {
    data?: FitbitSleepLevel[];
    summary?: Record<string, { minutes?: number; count?: number }>;
  };
}

export interface FitbitExerciseLog {
  logId: number;
  activityName?: string;
  activityTypeId?: number;
  startTime: string;
  duration?: number;
  activeDuration?: number;
  calories?: number;
  distance?: number;
  distanceUnit?: string;
  steps?: number;
  averageHeartRate?: number;
  elevationGain?: number;
}

export interface FitbitWeightLog {
  logId: number;
  date: string;
  time: string;
  weight?: number;
  fat?: number;
  bmi?: number;
  source?: string;
}

export interface FitbitProfile {
  encodedId?: string;
  timezone?: string;
  height?: number;
  dateOfBirth?: string;
  gender?: string;
}

export interface FitbitNotification {
  collectionType?: string;
  date?: string;
  ownerId?: string;
  ownerType?: string;
  subscriptionId?: string;
}
