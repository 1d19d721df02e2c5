import { isUuid, ValidationError } from '@meridian/domain';
import { openCursorParam, type CursorCodec, type CursorScope } from '@meridian/platform';

/**
 * Cursors of GET /v3/lab_test: the (created_at, id) of the page's last lab test, sealed by the cursor codec
 * for the list and the caller's team environment (issue 11), so another tenant's cursor does not open.
 */

export interface LabTestPosition {
  createdKey: string;
  id: string;
}

const CREATED_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const labTestCursorScope = (teamId: string, environment: string): CursorScope => [
  'data-api/lab_test',
  teamId,
  environment,
];

export function sealLabTestCursor(cursors: CursorCodec, scope: CursorScope, p: LabTestPosition): string {
  return cursors.seal(scope, JSON.stringify({ c: p.createdKey, i: p.id }));
}

function decode(text: string): LabTestPosition | undefined {
  try {
    const { c, i } = JSON.parse(text) as { c?: unknown; i?: unknown };
    if (typeof c !== 'string' || !CREATED_RE.test(c) || Number.isNaN(Date.parse(c)) || !isUuid(i))
      return undefined;
    return { createdKey: c, id: i };
  } catch {
    return undefined;
  }
}

/** `next_cursor` wins over the deprecated `cursor`; absent or empty is the first page; anything else → 422. */
export function openLabTestCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  nextCursor: unknown,
  cursor: unknown,
): LabTestPosition | null {
  const [name, value] =
    typeof nextCursor === 'string' && nextCursor !== '' ? ['next_cursor', nextCursor] : ['cursor', cursor];
  if (typeof value !== 'string' || value === '') return null;
  const text = openCursorParam(cursors, scope, value, name);
  const position = text === undefined ? undefined : decode(text);
  if (!position) throw ValidationError.single(['query', name], 'Invalid cursor', 'value_error', value, {});
  return position;
}
