import { isUuid, ValidationError } from '@meridian/domain';
import type { CursorCodec, CursorScope } from '@meridian/platform';
import { openCursor } from '../shared/keyset-cursor';

/**
 * Position in the data-pull preference list, which is ordered by (team id, provider) — a preference has no
 * id of its own. On the wire it is `team_id,provider` sealed by the cursor codec for the list and the org
 * (issue 11): opaque, and refused (422) by another org or place.
 */
export interface PreferencePosition {
  teamId: string;
  provider: string;
}

const PROVIDER_RE = /^[a-z0-9_]{1,64}$/;

export function encodePreferenceCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  position: PreferencePosition,
): string {
  return cursors.seal(scope, `${position.teamId},${position.provider}`);
}

/** Decodes `next_cursor`; anything we did not seal for `scope` is a 422 on `["query", "next_cursor"]`. */
export function decodePreferenceCursor(
  cursors: CursorCodec,
  scope: CursorScope,
  cursor: string | undefined,
): PreferencePosition | undefined {
  const text = openCursor(cursors, scope, cursor);
  if (text === undefined) return undefined;
  const [teamId = '', provider = '', ...rest] = text.split(',');
  if (rest.length > 0 || !isUuid(teamId) || !PROVIDER_RE.test(provider)) {
    throw ValidationError.single(['query', 'next_cursor'], 'Invalid cursor', 'value_error', cursor, {});
  }
  return { teamId: teamId.toLowerCase(), provider };
}
