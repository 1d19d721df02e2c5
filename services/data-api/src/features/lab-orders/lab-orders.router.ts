import express, { type Request, type Response, type Router } from 'express';
import type { Knex } from '@meridian/db';
import {
  DAY_MS,
  dayNumber,
  DomainError,
  ValidationError,
  type BiomarkerResultType,
  type CollectionMethod,
  type Interpretation,
  type OrderLowLevelStatus,
  type TeamScope,
} from '@meridian/domain';
import {
  currentContext,
  errorEnvelope,
  requestDateTime,
  type CursorCodec,
  type Logger,
} from '@meridian/platform';
import { principalOf } from '../../auth/principal';
import type { KitDispatch } from '../lab-testkit/lab-testkit.service';
import { toPostOrderResponse, type OrderWire } from './lab-orders.presenter';
import type { OrderListFilter, OrderListSort } from './lab-orders.repository';
import {
  createLabOrdersService,
  type CreateOrderBody,
  type ImportOrderBody,
  type PatchOrderBody,
} from './lab-orders.service';
import { createOrderIdempotency, requestHashOf } from './order-idempotency';

/**
 * Lab-test orders (api-shapes §6.2): `/v3/order…` and `/v3/orders`. The OpenAPI validator has checked types,
 * enums and bounds; the service checks the rest. Literal paths (`import`, `resend_events`) are registered
 * before `{order_id}`.
 */

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const list = (v: unknown): string[] | undefined => {
  if (v === undefined) return undefined;
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
};
const bool = (v: unknown): boolean | undefined => (v === undefined ? undefined : v === true || v === 'true');

/** A `date` bound is the start of that UTC day; an end `date` includes its whole day. */
function bound(v: unknown, end: boolean, name: string): Date | undefined {
  const s = str(v);
  if (!s) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const day = dayNumber(s);
    if (Number.isNaN(day)) {
      throw ValidationError.single(['query', name], 'Input should be a valid date', 'date_parsing', s, {});
    }
    return new Date((end ? day + 1 : day) * DAY_MS);
  }
  // Any ISO 8601 offset (`+01` too, which `Date.parse` cannot read).
  const t = requestDateTime(s, ['query', name]).getTime();
  return new Date(end ? t + 1 : t);
}

function ordersFilter(req: Request): OrderListFilter {
  const q = req.query;
  return {
    searchInput: str(q.search_input),
    createdFrom: bound(q.start_date, false, 'start_date'),
    createdTo: bound(q.end_date, true, 'end_date'),
    updatedFrom: bound(q.updated_start_date, false, 'updated_start_date'),
    updatedTo: bound(q.updated_end_date, true, 'updated_end_date'),
    statuses: list(q.status) as OrderLowLevelStatus[] | undefined,
    methods: list(q.order_type) as CollectionMethod[] | undefined,
    isCritical: bool(q.is_critical),
    interpretation: str(q.interpretation) as Interpretation | undefined,
    activationTypes: list(q.order_activation_types) as ('current' | 'scheduled')[] | undefined,
    userId: str(q.user_id),
    patientName: str(q.patient_name),
    shippingRecipientName: str(q.shipping_recipient_name),
    orderIds: list(q.order_ids),
  };
}

const SWEEP_EVERY = 100;

const DOMAIN_STATUS: Record<DomainError['kind'], number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  bad_request: 400,
  validation: 422,
  too_large: 413,
  unavailable: 503,
};

export function createLabOrdersRouter(deps: {
  db: Knex;
  clock: () => Date;
  cursors: CursorCodec;
  logger?: Logger;
  /** Cancels a cancelled order's active appointment (the appointments feature). */
  afterCancel?: (scope: TeamScope, orderId: string) => Promise<unknown>;
  /** Ships the kit of a test-kit order (the test-kit feature); null when no fulfilment partner is configured. */
  kitDispatch?: (scope: TeamScope) => KitDispatch | null;
}): Router {
  const service = createLabOrdersService({
    db: deps.db,
    clock: deps.clock,
    cursors: deps.cursors,
    afterCancel: deps.afterCancel,
    onBackgroundError: (err) =>
      deps.logger?.error('order background work failed', {
        error: err instanceof Error ? err.name : 'unknown',
        error_type: err instanceof DomainError ? err.errorType : undefined,
      }),
  });
  const idempotency = createOrderIdempotency(deps.db);
  // Answers past their 24 hours are deleted as keys are used: a bounded batch every SWEEP_EVERY claims.
  let claims = 0;
  const sweepNow = () => {
    idempotency
      .sweepExpired(deps.clock())
      .catch(() => deps.logger?.warn('idempotency sweep failed', { route: '/v3/order' }));
  };
  const router = express.Router();
  const scopeOf = (res: Response): TeamScope => {
    const p = principalOf(res);
    return { teamId: p.teamId, environment: p.environment };
  };

  router.post('/v3/order', async (req, res) => {
    const scope = scopeOf(res);
    const body = req.body as CreateOrderBody;
    const key = str(req.get('x-idempotency-key'));
    // A test-kit order is shipped here too, as POST /v3/order/testkit ships it (features/lab-testkit).
    const kit = deps.kitDispatch?.(scope) ?? null;
    const create = async (
      onCreated?: (trx: Knex.Transaction, order: OrderWire) => Promise<void>,
    ): Promise<OrderWire> => {
      try {
        return await service.create(scope, body, async (trx, created) => {
          const order = kit ? await kit.inTransaction(trx, created) : created;
          if (onCreated) await onCreated(trx, order);
          return order;
        });
      } catch (err) {
        await kit?.compensate();
        throw err;
      }
    };
    if (!key) {
      res.json(toPostOrderResponse(await create(), 'Order created.'));
      return;
    }
    const noCache = req.get('x-idempotency-error')?.trim().toLowerCase() === 'no-cache';
    const claimed = await idempotency.claim(scope, key, requestHashOf(body), deps.clock());
    if (++claims % SWEEP_EVERY === 0) sweepNow();
    if (claimed.kind === 'replay') {
      res.set('x-idempotency-replayed', 'true');
      res.status(claimed.answer.status).json(claimed.answer.body);
      return;
    }
    try {
      const answer = await create(async (trx, order) => {
        await idempotency.complete(
          trx,
          scope,
          key,
          {
            status: 200,
            body: toPostOrderResponse(order, 'Order created.'),
            userId: order.user_id,
            orderId: order.id,
          },
          deps.clock(),
        );
      });
      res.json(toPostOrderResponse(answer, 'Order created.'));
    } catch (err) {
      // A refused request (4xx: validation, an unknown user or lab test) leaves nothing behind, nor does a
      // fault with `no-cache`; a server fault is the request's answer, replayed like a success.
      const refused = err instanceof DomainError && DOMAIN_STATUS[err.kind] < 500;
      if (refused || noCache) {
        await idempotency.release(scope, key);
      } else {
        const answer =
          err instanceof DomainError
            ? { status: DOMAIN_STATUS[err.kind], body: errorEnvelope(err.errorType, err.message, err.extra) }
            : {
                status: 500,
                body: errorEnvelope('internal_error', 'Internal server error.', {
                  request_id: currentContext()?.requestId ?? null,
                }),
              };
        // Storing may fail with the database that failed the request: the claim then lapses by itself.
        await idempotency
          .complete(deps.db, scope, key, { ...answer, userId: null, orderId: null }, deps.clock())
          .catch(() => idempotency.release(scope, key))
          .catch(() => deps.logger?.warn('idempotency claim left to lapse', { route: '/v3/order' }));
      }
      throw err;
    }
  });

  router.get('/v3/orders', async (req, res) => {
    const sort: OrderListSort = {
      key: (str(req.query.order_key) ?? 'created_at') as OrderListSort['key'],
      direction: (str(req.query.order_direction) ?? 'desc') as OrderListSort['direction'],
    };
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    const size = req.query.size === undefined ? 50 : Number(req.query.size);
    res.json(await service.list(scopeOf(res), { filter: ordersFilter(req), sort, page, size }));
  });

  router.post('/v3/order/import', async (req, res) => {
    const order = await service.importOrder(scopeOf(res), req.body as ImportOrderBody);
    res.json(toPostOrderResponse(order, 'Order imported.'));
  });

  router.post('/v3/order/resend_events', async (req, res) => {
    const b = req.body as { order_ids?: string[]; start_at?: string; end_at?: string };
    const ids = await service.resendEvents(scopeOf(res), {
      orderIds: b.order_ids,
      startAt: b.start_at === undefined ? undefined : requestDateTime(b.start_at, ['body', 'start_at']),
      endAt: b.end_at === undefined ? undefined : requestDateTime(b.end_at, ['body', 'end_at']),
    });
    res.json({ order_ids: ids });
  });

  router.get('/v3/order/:order_id', async (req, res) => {
    res.json(await service.get(scopeOf(res), req.params.order_id));
  });

  router.patch('/v3/order/:order_id', async (req, res) => {
    const order = await service.patch(scopeOf(res), req.params.order_id, req.body as PatchOrderBody);
    res.json(toPostOrderResponse(order, 'Order updated.'));
  });

  router.post('/v3/order/:order_id/cancel', async (req, res) => {
    const order = await service.cancel(scopeOf(res), req.params.order_id);
    res.json(toPostOrderResponse(order, 'Order cancelled.'));
  });

  router.patch('/v3/order/:order_id/draw_completed', async (req, res) => {
    const order = await service.drawCompleted(scopeOf(res), req.params.order_id);
    res.json(toPostOrderResponse(order, 'Draw recorded.'));
  });

  router.post('/v3/order/:order_id/test', async (req, res) => {
    const b = (req.body ?? {}) as {
      interpretation?: Interpretation;
      result_types?: BiomarkerResultType[];
      has_missing_results?: boolean;
    };
    await service.sandboxWalk(scopeOf(res), req.params.order_id, {
      finalStatus: str(req.query.final_status),
      delaySeconds: req.query.delay === undefined ? 0 : Number(req.query.delay),
      interpretation: b.interpretation ?? 'normal',
      resultTypes: b.result_types ?? ['numeric'],
      hasMissingResults: b.has_missing_results ?? false,
    });
    res.json({ success: true });
  });

  router.get('/v3/order/:order_id/result', async (req, res) => {
    res.json(await service.results(scopeOf(res), req.params.order_id));
  });

  router.get('/v3/order/:order_id/result/metadata', async (req, res) => {
    res.json(await service.resultsMetadata(scopeOf(res), req.params.order_id));
  });

  return router;
}
