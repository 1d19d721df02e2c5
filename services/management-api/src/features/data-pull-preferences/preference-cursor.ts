import { isUuid, ValidationError } from '@meridian/domain';

/**
 * Position in the data-pull preference list, which is ordered by (team id, provider) — a preference has no
 * id of its own. On the wire it is opaque base64url of `team_id,provider`.
 */
export interface PreferencePosition {
  teamId: string;
  provider: string;
}

const PROVIDER_RE = /^[a-z0-9_]{1,64}$/;

export function encodePreferenceCursor(position: PreferencePosition): string {
  return Buffer.from(`${position.teamId},${position.provider}`, 'utf8').toString('base64url');
}

/** Decodes `next_cursor`; anything we did not issue is a 422 on `["query", "next_cursor"]`. */
export function decodePreferenceCursor(cursor: string | undefined): PreferencePosition | undefined {
  if (cursor === undefined) return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const [teamId = '', provider = '', ...rest] = text.split(',');
  if (rest.length > 0 || !isUuid(teamId) || !PROVIDER_RE.test(provider)) {
    throw ValidationError.single(['query', 'next_cursor'], 'Invalid cursor', 'value_error', cursor, {});
  }
  return { teamId: teamId.toLowerCase(), provider };
}
