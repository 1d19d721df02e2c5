import type { DemoProvider } from './demo-providers';

/** What the data API and the scheduler agree on about a demo connection. */

/** Days of history a new demo connection pulls. */
export const DEMO_HISTORY_DAYS = 30;

/** The scheduler job that runs a demo connection's historical pull. */
export const DEMO_HISTORICAL_PULL_JOB = 'demo_historical_pull';

/** Routing key (and message type) of the task that starts a pull at once. */
export const DEMO_HISTORICAL_PULL_TASK = `scheduler.task.${DEMO_HISTORICAL_PULL_JOB}`;

/** `data` of that message. */
export interface DemoPullTaskData {
  user_id: string;
  provider: DemoProvider;
}
