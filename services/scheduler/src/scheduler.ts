import type { Logger } from '@meridian/platform';
import type { LeaderLock } from './leader-lock';
import type { JobTask, ScheduledJob } from './scheduled-jobs';

export interface Scheduler {
  /** One pass: if leader, run every job once. Returns whether this replica was leader. */
  tick(): Promise<boolean>;
  /** Runs one job by name now (from a `scheduler.task.*` message), leader or not: jobs are idempotent. */
  runJob(name: string, task?: JobTask): Promise<boolean>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createScheduler(deps: {
  jobs: ScheduledJob[];
  leader: LeaderLock;
  logger: Logger;
  clock: () => Date;
}): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  const runOne = async (job: ScheduledJob) => {
    try {
      await job.run(deps.clock());
    } catch (err) {
      deps.logger.warn('scheduled job failed; it runs again on the next tick', { job: job.name, err });
    }
  };

  const tick = async () => {
    if (!(await deps.leader.acquire())) return false;
    for (const job of deps.jobs) if (job.onTick !== false) await runOne(job);
    return true;
  };

  return {
    tick,
    async runJob(name, task) {
      const job = deps.jobs.find((j) => j.name === name);
      if (!job) return false;
      await job.run(deps.clock(), task);
      return true;
    },
    start(intervalMs) {
      const loop = () => {
        if (stopped) return;
        running = tick().finally(() => {
          if (!stopped) timer = setTimeout(loop, intervalMs);
        });
      };
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running.catch(() => undefined);
      await deps.leader.release();
    },
  };
}
