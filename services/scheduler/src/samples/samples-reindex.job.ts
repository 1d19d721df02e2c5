/**
 * Leader tick: packs the primary key of `samples` partitions. A series grows at its end, and PostgreSQL splits
 * those leaf pages 50/50, so a partition's key holds about twice the bytes it needs (~88 vs ~45 per row);
 * `REINDEX INDEX CONCURRENTLY` packs it full for good (see the samples migration and bench:storage).
 *
 * Every `intervalHours` (`SAMPLES_REINDEX_INTERVAL_HOURS`, default weekly; 0 = off) the job lists the
 * partitions whose key is worth rebuilding (index bytes per estimated row, from `pg_class`, above
 * `maxBytesPerRow`), then rebuilds one partition per tick until the list is done, so other jobs still run in
 * between. REINDEX CONCURRENTLY cannot run in a transaction: it goes through the pool as a plain statement.
 * A rebuild that fails leaves an invalid `<index>_ccnew*` copy behind; it is dropped before the next attempt.
 * Logs carry partition names and sizes only.
 */
import type { Knex } from '@meridian/db';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';

export const SAMPLES_REINDEX_JOB = 'samples_reindex';

export interface SamplesReindexOptions {
  /** Hours between passes (default 168, weekly); 0 disables the job. */
  intervalHours?: number;
  /** A partition's key is rebuilt when its bytes per estimated row exceed this (default 60; packed ≈ 45). */
  maxBytesPerRow?: number;
  /** Keys smaller than this are left alone whatever their density (default 8 MiB). */
  minIndexBytes?: number;
}

const HOUR_MS = 3_600_000;

/** One partition's primary key as `pg_class` sees it. */
export interface SamplePartitionKey {
  partition: string;
  index: string;
  indexBytes: number;
  /** `reltuples` of the partition: an estimate kept by VACUUM / ANALYZE; -1 when never estimated. */
  estimatedRows: number;
}

/** The primary keys of the `samples` partitions (children of the partitioned index `samples_pkey`). */
export async function samplePartitionKeys(db: Knex): Promise<SamplePartitionKey[]> {
  const result = await db.raw<{
    rows: { partition: string; index: string; index_bytes: string; estimated_rows: number }[];
  }>(
    `select t.relname as partition, i.relname as index, pg_relation_size(i.oid) as index_bytes,
            t.reltuples as estimated_rows
       from pg_inherits h
       join pg_class i on i.oid = h.inhrelid
       join pg_index x on x.indexrelid = i.oid
       join pg_class t on t.oid = x.indrelid
      where h.inhparent = to_regclass('samples_pkey')
      order by t.relname`,
  );
  return result.rows.map((r) => ({
    partition: r.partition,
    index: r.index,
    indexBytes: Number(r.index_bytes),
    estimatedRows: Number(r.estimated_rows),
  }));
}

/** Whether rebuilding a key would pay: big enough, with a row estimate, and looser than the threshold. */
export function isWorthReindexing(
  key: SamplePartitionKey,
  limits: { maxBytesPerRow: number; minIndexBytes: number },
): boolean {
  if (key.estimatedRows <= 0 || key.indexBytes < limits.minIndexBytes) return false;
  return key.indexBytes / key.estimatedRows > limits.maxBytesPerRow;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops the invalid copies a failed REINDEX CONCURRENTLY of this partition left (`<index>_ccnew`, …ccnew1). */
async function dropFailedCopies(db: Knex, partition: string): Promise<number> {
  const leftovers = (
    await db.raw<{ rows: { name: string }[] }>(
      `select i.relname as name
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
        where t.relname = ? and not x.indisvalid and i.relname like '%\\_ccnew%'`,
      [partition],
    )
  ).rows;
  for (const { name } of leftovers) await db.raw(`drop index concurrently if exists ${quoteIdent(name)}`);
  return leftovers.length;
}

export function createSamplesReindexJob(deps: {
  db: Knex;
  logger: Logger;
  options?: SamplesReindexOptions;
}): ScheduledJob {
  const intervalMs = (deps.options?.intervalHours ?? 168) * HOUR_MS;
  const limits = {
    maxBytesPerRow: deps.options?.maxBytesPerRow ?? 60,
    minIndexBytes: deps.options?.minIndexBytes ?? 8 * 1024 * 1024,
  };
  /** When the next pass lists partitions (the first tick after start does); in memory, per leader. */
  let nextPassAt = 0;
  /** Partitions of the current pass still to rebuild. */
  let pending: string[] = [];

  const reindexOne = async (partition: string) => {
    const key = (await samplePartitionKeys(deps.db)).find((k) => k.partition === partition);
    if (!key || !isWorthReindexing(key, limits)) return;
    const dropped = await dropFailedCopies(deps.db, partition);
    const started = Date.now();
    await deps.db.raw(`reindex index concurrently ${quoteIdent(key.index)}`);
    const after = (await samplePartitionKeys(deps.db)).find((k) => k.partition === partition);
    deps.logger.info('samples partition key rebuilt', {
      partition,
      index_bytes_before: key.indexBytes,
      index_bytes_after: after?.indexBytes,
      estimated_rows: key.estimatedRows,
      failed_copies_dropped: dropped,
      duration_ms: Date.now() - started,
    });
  };

  return {
    name: SAMPLES_REINDEX_JOB,
    async run(now) {
      if (intervalMs <= 0) return;
      if (pending.length === 0) {
        if (now.getTime() < nextPassAt) return;
        nextPassAt = now.getTime() + intervalMs;
        pending = (await samplePartitionKeys(deps.db))
          .filter((k) => isWorthReindexing(k, limits))
          .map((k) => k.partition);
        if (pending.length === 0) return;
        deps.logger.info('samples partition keys to rebuild', { partitions: pending });
      }
      // Taken off the list first: a partition whose rebuild fails is tried again on the next pass, not
      // on every tick.
      const partition = pending.shift();
      if (partition) await reindexOne(partition);
    },
  };
}
