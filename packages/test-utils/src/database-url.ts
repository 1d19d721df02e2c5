/** Tests use DATABASE_URL when set, else the local default server. */
export function baseDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrlFor(dbName: string): string {
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${dbName}`;
  return url.toString();
}
