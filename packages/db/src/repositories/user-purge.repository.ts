import type { Knex } from 'knex';

/**
 * Erases users whose deletion grace period has ended (`purge_after <= now`), with everything they own:
 * rows of every table referencing users(id) go with them through `on delete cascade`; their samples are
 * deleted first, partition-locally (the samples table is hash-partitioned by user).
 * The outbox is kept on purpose (it holds no foreign key and is relayed/trimmed on its own).
 *
 * Each batch is its own short transaction and claims rows with `for update skip locked`, so two
 * scheduler replicas (or an undo racing the purge) never wait on or fight over the same user.
 * Returns how many users were erased.
 */
export async function purgeExpiredUsers(db: Knex, now: Date, batchSize = 500): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  let total = 0;
  for (;;) {
    const erased = await db.transaction(async (trx): Promise<number> => {
      const due = await trx('users')
        .select('id')
        .whereNotNull('deleted_at')
        .where('purge_after', '<=', now)
        .orderBy('purge_after')
        .limit(batchSize)
        .forUpdate()
        .skipLocked();
      if (due.length === 0) return 0;
      const ids = due.map((row: { id: string }) => row.id);
      // Samples first, one user at a time: each delete reads one hash partition of `samples` by its key
      // (the cascade below would then find nothing left to remove there).
      for (const id of ids) await trx.raw('delete from samples where user_id = ?::uuid', [id]);
      return await trx('users').whereIn('id', ids).del();
    });
    total += erased;
    if (erased < batchSize) return total;
  }
}
