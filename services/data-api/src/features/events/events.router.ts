import express, { type Router } from 'express';
import { formatWireDateTime } from '@meridian/domain';
import { openCursorParam, type CursorCodec, type CursorScope } from '@meridian/platform';
import { principalOf, type TeamPrincipal } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';

/**
 * `GET /v2/events`: the team environment's events from the outbox (events.repository.ts), in commit order,
 * from a cursor. The cursor is the outbox sequence sealed for the caller's team environment (issue 11):
 * it tells nothing of the platform's event volume, and another tenant's cursor is a 422.
 */

const SEQ_RE = /^(0|[1-9]\d{0,15})$/;

const scopeOf = (p: TeamPrincipal): CursorScope => ['data-api/events', p.teamId, p.environment];

function decodeCursor(cursors: CursorCodec, scope: CursorScope, raw: string): number {
  const position = openCursorParam(cursors, scope, raw, 'after') ?? '';
  const seq = SEQ_RE.test(position) ? Number(position) : NaN;
  // Only what we sealed opens, so this is a safety net, never reached by a client's input.
  if (!Number.isSafeInteger(seq)) throw new Error('A sealed events cursor holds no sequence number.');
  return seq;
}

export function createEventsRouter(deps: { uow: UnitOfWork<'events'>; cursors: CursorCodec }): Router {
  const router = express.Router();
  router.get('/v2/events', async (req, res) => {
    const { after, limit } = req.query as { after?: string; limit?: string | number };
    const principal = principalOf(res);
    const scope = scopeOf(principal);
    const from = after === undefined || after === '' ? 0 : decodeCursor(deps.cursors, scope, after);
    const pageSize = limit === undefined ? 100 : Number(limit);
    const rows = await deps.uow.read(({ events }) => events.pageAfter(principal, from, pageSize));
    const last = rows.at(-1);
    res.json({
      data: rows.map((r) => ({ id: r.id, created_at: formatWireDateTime(r.createdAt), event: r.payload })),
      next_cursor: last ? deps.cursors.seal(scope, String(last.seq)) : after || null,
    });
  });
  return router;
}
