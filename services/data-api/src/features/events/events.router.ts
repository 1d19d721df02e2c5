import express, { type Router } from 'express';
import { formatWireDateTime, ValidationError, type TeamScope } from '@meridian/domain';
import type { Knex } from '@meridian/db';
import { principalOf } from '../../auth/principal';

/** `GET /v2/events`: the team environment's events from the outbox, in commit order, from a cursor. */

const CURSOR_RE = /^[A-Za-z0-9_-]{1,64}$/;

function decodeCursor(raw: string): number {
  const seq = CURSOR_RE.test(raw) ? Number(Buffer.from(raw, 'base64url').toString('utf8')) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 0) {
    throw ValidationError.single(['query', 'after'], 'Not a cursor issued by this API', 'value_error', raw);
  }
  return seq;
}

const encodeCursor = (seq: number) => Buffer.from(String(seq), 'utf8').toString('base64url');

async function page(db: Knex, scope: TeamScope, after: number, limit: number) {
  return (
    db('outbox')
      // etl_only: historical data pushed to ETL pipelines only (push_historical_data), never to the feed.
      .where({ team_id: scope.teamId, environment: scope.environment, etl_only: false })
      .andWhere('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .select<{ seq: number; id: string; created_at: Date; payload: Record<string, unknown> }[]>(
        'seq',
        'id',
        'created_at',
        'payload',
      )
  );
}

export function createEventsRouter(deps: { db: Knex }): Router {
  const router = express.Router();
  router.get('/v2/events', async (req, res) => {
    const { after, limit } = req.query as { after?: string; limit?: string | number };
    const from = after === undefined || after === '' ? 0 : decodeCursor(after);
    const rows = await page(deps.db, principalOf(res), from, limit === undefined ? 100 : Number(limit));
    const last = rows.at(-1);
    res.json({
      data: rows.map((r) => ({ id: r.id, created_at: formatWireDateTime(r.created_at), event: r.payload })),
      next_cursor: last ? encodeCursor(last.seq) : after || null,
    });
  });
  return router;
}
