import { describeSafely } from './error-mapper';

describe('describeSafely (what an unhandled error may put in the log)', () => {
  it('keeps the class and database codes, never the message, SQL, value or stack', () => {
    const dbError = Object.assign(
      new Error(
        'select * from "users" where "id" = $1 - invalid input syntax for type uuid: "urn:uuid:patient-42"',
      ),
      { code: '22P02', routine: 'string_to_uuid', table: 'users' },
    );
    const logged = JSON.stringify(describeSafely(dbError));
    expect(describeSafely(dbError)).toEqual({
      name: 'Error',
      code: '22P02',
      routine: 'string_to_uuid',
      table: 'users',
    });
    expect(logged).not.toMatch(/select|patient-42|\.ts:|at /);
  });

  it('describes thrown non-errors by type only', () => {
    expect(describeSafely('secret text')).toEqual({ type: 'string' });
    expect(describeSafely(undefined)).toEqual({ type: 'undefined' });
  });
});
