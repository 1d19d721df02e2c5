/** The identity of a sample, as the table's primary key has it (the user aside). */
export function sampleKey(
  resource: string,
  startMs: number,
  provider: string,
  sourceType: string,
  type: string,
): string {
  return `${resource}|${startMs}|${provider}|${sourceType}|${type}`;
}
