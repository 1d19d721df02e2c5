import express, { type Router } from 'express';
import { formatWireDateTime, ValidationError } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import type { UnitOfWork } from '../unit-of-work';

/** `GET /v2/events`: the team environment's events from the outbox (events.repository.ts), in commit order, from a cursor. */

const CURSOR_RE = /^[A-Za-z0-9_-]{1,64}$/;

function decodeCursor(raw: string): number {
  const seq = CURSOR_RE.test(raw) ? Number(Buffer.from(raw, 'base64url').toString('utf8')) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 0) {
    throw ValidationError.single(['query', 'after'], 'Not a cursor issued by this API', 'value_error', raw);
  }
  return seq;
}

const encodeCursor = (seq: number) => Buffer.from(String(seq), 'utf8').toString('base64url');

export function createEventsRouter(deps: { uow: UnitOfWork<'events'> }): Router {
  const router = express.Router();
  router.get('/v2/events', async (req, res) => {
    const { after, limit } = req.query as { after?: string; limit?: string | number };
    const from = after === undefined || after === '' ? 0 : decodeCursor(after);
    const scope = principalOf(res);
    const pageSize = limit === undefined ? 100 : Number(limit);
    const rows = await deps.uow.read(({ events }) => events.pageAfter(scope, from, pageSize));
    const last = rows.at(-1);
    res.json({
      data: rows.map((r) => ({ id: r.id, created_at: formatWireDateTime(r.createdAt), event: r.payload })),
      next_cursor: last ? encodeCursor(last.seq) : after || null,
    });
  });
  return router;
}
