import { createHash } from 'node:crypto';
import type { Knex } from '@meridian/db';
import { ConflictError, IdempotencyConflictError, type TeamScope } from '@meridian/domain';

/**
 * `X-Idempotency-Key` on POST /v3/order (api-shapes §6.2). A key is claimed in its own short transaction
 * (`processing`, with `claimed_until`), so a concurrent request with the same key finds the claim and gets
 * 409 `idempotency_conflict` at once. A success is stored with the order in the order's transaction (it can
 * never be lost or stored without its order); a failure of a valid request (a server fault) is stored when
 * the request ends, unless `X-Idempotency-Error: no-cache`. A refused request (validation: 422, an unknown
 * user or lab test: 404) releases the claim: nothing is stored, the same key may be retried with a corrected
 * body. Stored answers are replayed (status and body) for 24 hours; a claim left by a crashed process is
 * taken over once `claimed_until` has passed.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim holds before another request may take it over (a crashed process's). */
export const IDEMPOTENCY_CLAIM_MS = 60 * 1000;

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type ClaimOutcome = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

interface KeyRow {
  request_hash: string;
  state: 'processing' | 'completed';
  claimed_until: Date | null;
  response_status: number | null;
  response_body: unknown;
  expires_at: Date;
}

/** SHA-256 of the request a key stands for (the body, canonically serialized). */
export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class IdempotencyKeyReusedError extends ConflictError {
  constructor() {
    super(
      'idempotency_key_reused',
      'This idempotency key was used for a different request; use a new key for a new request.',
    );
  }
}

export function createOrderIdempotency(db: Knex) {
  const where = (scope: TeamScope, key: string) => ({
    team_id: scope.teamId,
    environment: scope.environment,
    key,
  });

  return {
    /**
     * Claims `key` for this request, or says what to do instead: replay a stored answer, or refuse (409
     * `idempotency_conflict` while another request holds it, 409 `idempotency_key_reused` for another body).
     */
    async claim(scope: TeamScope, key: string, hash: string, now: Date): Promise<ClaimOutcome> {
      const claimedUntil = new Date(now.getTime() + IDEMPOTENCY_CLAIM_MS);
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
      return db.transaction(async (trx) => {
        const inserted = await trx('lab_order_idempotency_keys')
          .insert({
            ...where(scope, key),
            request_hash: hash,
            state: 'processing',
            claimed_until: claimedUntil,
            expires_at: expiresAt,
            created_at: now,
          })
          .onConflict(['team_id', 'environment', 'key'])
          .ignore()
          .returning('key');
        if (inserted.length > 0) return { kind: 'claimed' } as const;
        const row = await trx('lab_order_idempotency_keys')
          .where(where(scope, key))
          .forUpdate()
          .first<KeyRow | undefined>();
        // Deleted in between (released claim): a retry finds it free.
        if (!row) throw new IdempotencyConflictError();
        const expired = row.expires_at.getTime() <= now.getTime();
        const abandoned =
          row.state === 'processing' && row.claimed_until !== null && row.claimed_until <= now;
        if (expired || abandoned) {
          await trx('lab_order_idempotency_keys').where(where(scope, key)).update({
            request_hash: hash,
            state: 'processing',
            claimed_until: claimedUntil,
            response_status: null,
            response_body: null,
            user_id: null,
            order_id: null,
            created_at: now,
            completed_at: null,
            expires_at: expiresAt,
          });
          return { kind: 'claimed' } as const;
        }
        if (row.state === 'processing') throw new IdempotencyConflictError();
        if (row.request_hash !== hash) throw new IdempotencyKeyReusedError();
        return {
          kind: 'replay',
          answer: { status: row.response_status!, body: row.response_body },
        } as const;
      });
    },

    /** Stores the answer (in the caller's transaction when given: the order's, for a success). */
    async complete(
      trx: Knex | Knex.Transaction,
      scope: TeamScope,
      key: string,
      answer: StoredAnswer & { userId: string | null; orderId: string | null },
      now: Date,
    ): Promise<void> {
      await trx('lab_order_idempotency_keys')
        .where({ ...where(scope, key), state: 'processing' })
        .update({
          state: 'completed',
          claimed_until: null,
          response_status: answer.status,
          response_body: JSON.stringify(answer.body),
          user_id: answer.userId,
          order_id: answer.orderId,
          completed_at: now,
        });
    },

    /** Gives the key back: nothing is stored for this request. */
    async release(scope: TeamScope, key: string): Promise<void> {
      await db('lab_order_idempotency_keys')
        .where({ ...where(scope, key), state: 'processing' })
        .delete();
    },

    /** Deletes answers past their 24 hours (the sweep); returns how many. */
    async sweepExpired(now: Date, limit = 1000): Promise<number> {
      return db('lab_order_idempotency_keys')
        .whereIn(
          ['team_id', 'environment', 'key'],
          db('lab_order_idempotency_keys')
            .where('expires_at', '<=', now)
            .select('team_id', 'environment', 'key')
            .limit(limit),
        )
        .delete();
    },
  };
}

export type OrderIdempotency = ReturnType<typeof createOrderIdempotency>;
