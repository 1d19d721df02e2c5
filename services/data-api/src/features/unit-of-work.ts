import { withTransaction, type Knex } from '@meridian/db';
import { createRepositories, type Repositories } from './repositories';

/**
 * How a use case reaches the database: `read` on the root connection, `write` in one transaction whose
 * repositories are all built on `trx` (practice 4). A service is typed with only the repositories it uses.
 */
export interface UnitOfWork<K extends keyof Repositories> {
  read<T>(work: (repos: Pick<Repositories, K>) => Promise<T>): Promise<T>;
  write<T>(work: (repos: Pick<Repositories, K>) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Knex): UnitOfWork<keyof Repositories> {
  const root = createRepositories(db);
  return {
    read: (work) => work(root),
    write: (work) => withTransaction(db, (trx) => work(createRepositories(trx))),
  };
}
