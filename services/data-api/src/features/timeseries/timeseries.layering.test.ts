import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Services and routers of this feature receive repositories through the unit of work (features/
 * repositories.ts); only its `*.repository.ts` files touch knex (issue 10, practice 3 and 4).
 */
describe('timeseries feature layering', () => {
  const sources = readdirSync(__dirname).filter(
    (name) => name.endsWith('.ts') && !/\.(test|test-fixtures)\.ts$/.test(name),
  );

  it.each(sources.filter((name) => !name.endsWith('.repository.ts')))(
    '%s neither imports @meridian/db nor takes a knex',
    (name) => {
      const text = readFileSync(join(__dirname, name), 'utf8');
      expect(text).not.toMatch(/from '@meridian\/db'/);
      expect(text).not.toMatch(/\bKnex\b|\bdb: /);
    },
  );
});
