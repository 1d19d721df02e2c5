import type { Knex } from 'knex';

/** The use case owns the transaction: repositories are built on `trx`, never on the root knex. */
export async function withTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
