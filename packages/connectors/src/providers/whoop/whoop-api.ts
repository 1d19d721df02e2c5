import { formatWireDateTime } from '@meridian/domain';
import { ProviderAuthError, ProviderResponseError } from '../../errors';
import { ProviderHttpStatusError, type ProviderHttp } from '../../http';

/**
 * WHOOP API v2 collections (developer.whoop.com/api, "Pagination"): `GET <path>?limit=&start=&end=&nextToken=`
 * answers `{records, next_token}`; `limit` is at most 25; `start` is inclusive and `end` exclusive (ISO
 * 8601); records come newest first. Rate limits answer 429 with `X-RateLimit-Reset` (seconds).
 */
export const WHOOP_PAGE_LIMIT = 25;

export interface WhoopCollection<T> {
  records: T[];
  nextToken: string | null;
}

export async function getCollection<T>(
  api: ProviderHttp,
  path: string,
  accessToken: string,
  window: { start: Date; end: Date; nextToken: string | null },
  isRecord: (r: unknown) => boolean,
): Promise<WhoopCollection<T>> {
  const data = await whoopGet<unknown>(api, path, accessToken, {
    limit: WHOOP_PAGE_LIMIT,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    nextToken: window.nextToken ?? undefined,
  });
  const body = data as { records?: unknown; next_token?: unknown } | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.records))
    throw new ProviderResponseError(`WHOOP ${path} answered without records`);
  if (!body.records.every(isRecord))
    throw new ProviderResponseError(`WHOOP ${path} answered a malformed record`);
  const next = body.next_token;
  if (next !== undefined && next !== null && typeof next !== 'string')
    throw new ProviderResponseError(`WHOOP ${path} answered a malformed next_token`);
  return { records: body.records as T[], nextToken: typeof next === 'string' && next !== '' ? next : null };
}

export async function whoopGet<T>(
  api: ProviderHttp,
  path: string,
  accessToken: string,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  try {
    const res = await api.request<T>({
      path,
      query,
      bearer: accessToken,
      retryAfterHeader: 'x-ratelimit-reset',
    });
    return res.data;
  } catch (err) {
    // 403: the token lacks the scope of this endpoint (the person unticked it at consent).
    if (err instanceof ProviderHttpStatusError && err.status === 403)
      throw new ProviderAuthError('required_scopes_not_granted', `WHOOP refused ${path} (403)`, 403);
    throw err;
  }
}

/** `timezone_offset` is a Time Zone Designator: `Z`, `+hh:mm` or `-hh:mm`; seconds east of UTC. */
export function offsetSeconds(tzd: unknown): number | null {
  if (tzd === 'Z') return 0;
  if (typeof tzd !== 'string') return null;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(tzd);
  if (!m) return null;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60;
  return m[1] === '-' ? -seconds : seconds;
}

/** An instant of WHOOP's (UTC ISO) rendered in the record's own offset. */
export function atOffset(iso: string, offset: number | null): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new ProviderResponseError('WHOOP answered an unreadable date-time');
  return formatWireDateTime(ms, offset);
}

export const isObject = (r: unknown): r is Record<string, unknown> =>
  typeof r === 'object' && r !== null && !Array.isArray(r);

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
