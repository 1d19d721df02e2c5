import type { Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

/**
 * Leader tick: removes mobile-SDK credentials that can no longer be used (issue 12, decision 0009), so the
 * tables hold live sessions, not every rotation a phone ever made:
 * - sign-in tokens a day after they expired (consumed or not);
 * - session rows whose refresh token expired a day ago, and revoked rows after `revokedKeepDays` (kept that
 *   long so a replayed refresh token of a revoked family is still recognised as reuse, not as unknown).
 * A rotated-away row goes when its own refresh expiry passes: replaying that token then is refused as unknown
 * (`invalid_grant`) rather than treated as reuse, which no longer matters once it could not have worked.
 */

export const SDK_CREDENTIALS_PURGE_JOB = 'sdk_credentials_purge';

export interface SdkCredentialsPurgeOptions {
  /** Rows deleted per statement (default 1,000). */
  batchSize?: number;
  /** Statements per table per tick (default 10): a backlog is worked off over several ticks. */
  maxBatches?: number;
  /** Days a revoked session row is kept (default 7). */
  revokedKeepDays?: number;
}

const DAY_MS = 86_400_000;

async function deleteInBatches(
  run: () => Promise<number>,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const deleted = await run();
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

export function createSdkCredentialsPurgeJob(deps: {
  db: Knex;
  logger: Logger;
  options?: SdkCredentialsPurgeOptions;
}): ScheduledJob {
  const batchSize = deps.options?.batchSize ?? 1000;
  const maxBatches = deps.options?.maxBatches ?? 10;
  const revokedKeepMs = (deps.options?.revokedKeepDays ?? 7) * DAY_MS;

  const deleteSignInTokens = async (cutoff: Date): Promise<number> => {
    const result = await deps.db.raw<{ rowCount: number }>(
      `delete from sdk_sign_in_tokens where token_hash in (
         select token_hash from sdk_sign_in_tokens where expires_at < ? limit ?)`,
      [cutoff, batchSize],
    );
    return result.rowCount;
  };

  const deleteSessions = async (expiredBefore: Date, revokedBefore: Date): Promise<number> => {
    const result = await deps.db.raw<{ rowCount: number }>(
      `delete from sdk_sessions where id in (
         select id from sdk_sessions
          where refresh_expires_at < ? or (revoked_at is not null and revoked_at < ?)
          limit ?)`,
      [expiredBefore, revokedBefore, batchSize],
    );
    return result.rowCount;
  };

  return {
    name: SDK_CREDENTIALS_PURGE_JOB,
    async run(now) {
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const signInTokens = await deleteInBatches(() => deleteSignInTokens(dayAgo), batchSize, maxBatches);
      const sessions = await deleteInBatches(
        () => deleteSessions(dayAgo, new Date(now.getTime() - revokedKeepMs)),
        batchSize,
        maxBatches,
      );
      if (signInTokens > 0 || sessions > 0) {
        deps.logger.info('expired mobile-SDK credentials deleted', {
          sign_in_tokens: signInTokens,
          sessions,
        });
      }
    },
  };
}
