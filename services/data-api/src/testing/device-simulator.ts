/**
 * A simulated phone running an integrator's app with the Meridian mobile SDK (docs/decisions/0009): it is
 * signed in through the integrator's backend (sign-in token), exchanges and refreshes its device session,
 * and pushes HealthKit data (see healthkit-week.ts) in batches with per-resource anchors, the way an app
 * drives HealthKit anchored queries. Faults are switches: crashes before or after a batch is sent, lost
 * answers, duplicate batches, a lost refresh answer, a skewed clock. Used by the simulation tests and by
 * `pnpm bench:push`; it speaks plain HTTP (fetch) and shares no code with the server.
 */
import { randomUUID } from 'node:crypto';
import {
  SIMULATED_RESOURCES,
  type AnchoredHealthStore,
  type NativeRecord,
  type SimulatedResource,
} from './healthkit-week';

export * from './healthkit-week';

// ---------------------------------------------------------------------------------------------------------
// HTTP

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /**
   * Parsed JSON, or the text when the answer is not JSON; null when empty. Callers read it as the wire shape
   * under test, the way supertest's `body` is read.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export type DeviceHttp = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts?: { headers?: Record<string, string>; body?: unknown },
) => Promise<HttpAnswer>;

/** Plain fetch against a base URL (the data API). */
export function fetchHttp(baseUrl: string): DeviceHttp {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method, path, opts = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, headers: res.headers, body };
  };
}

// ---------------------------------------------------------------------------------------------------------
// The integrator's backend: it holds the team API key and hands its app a sign-in token for one user.

export interface IntegratorBackend {
  signInToken(userId: string): Promise<string>;
}

export function integratorBackend(http: DeviceHttp, apiKey: string): IntegratorBackend {
  return {
    async signInToken(userId) {
      const res = await http('POST', `/v2/user/${userId}/sign_in_token`, {
        headers: { 'x-service-api-key': apiKey },
      });
      if (res.status !== 200 || typeof res.body?.sign_in_token !== 'string') {
        throw new Error(`sign_in_token answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
      return res.body.sign_in_token as string;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The device

const MINUTE = 60_000;

/** What the app keeps across launches (Keychain / UserDefaults). */
export interface DeviceState {
  installationId: string;
  session: {
    accessToken: string;
    refreshToken: string;
    /** Device-clock ms: the device only ever compares with its own clock. */
    accessExpiresAt: number;
    deviceId: string;
    userId: string;
  } | null;
  /** Last anchor the server acknowledged, per resource. */
  anchors: Partial<Record<SimulatedResource, string | null>>;
  /** Resources whose first upload (their history) is over: later batches no longer say `more_history`. */
  historyDone: Partial<Record<SimulatedResource, boolean>>;
  /** The batch being sent, written before sending (when `persistPendingBatch`), cleared on its answer. */
  pending: PushBody | null;
  /** Batches built so far (fault plans count them). */
  batchesBuilt: number;
  /** The server refused the session: the app waits to be signed in again by its backend. */
  signedOut: boolean;
}

export interface PushBody {
  batch_id: string;
  sent_at: string;
  time_zone: string;
  resources: {
    resource: SimulatedResource;
    anchor: string | null;
    /** The resource's first upload continues in a later batch (a long history sent page by page). */
    more_history?: boolean;
    records: NativeRecord[];
  }[];
}

export interface PushResult {
  resource: string;
  status: 'stored' | 'no_new_data' | 'failed';
  acknowledged_anchor: string | null;
  records_received: number;
  samples_created: number;
  samples_updated: number;
  samples_unchanged: number;
  error: { type: string; message: string } | null;
}

export interface PushAnswer {
  batch_id: string;
  results: PushResult[];
}

/**
 * Fault switches, keyed by the ordinal of the batch (1 = the first batch the device builds):
 * - crash_before_send: the app dies with the batch built, nothing sent;
 * - lose_answer_then_retry: the request reaches the server, the answer is lost; the SDK retries the same
 *   batch_id;
 * - crash_after_send: the server stores the batch, the app dies before reading the answer; on the next
 *   launch it resends the pending batch (same batch_id) when it persisted it, else re-reads from its last
 *   acknowledged anchors and sends the same records under a new batch_id;
 * - crash_after_send_unsaved: the same, with the batch not yet on disk (whatever `persistPendingBatch`
 *   says): the relaunched app re-reads from its anchors and sends the same records under a new batch_id;
 * - resend_same_batch: once acknowledged, the same batch (same batch_id) is sent again;
 * - resend_records_new_batch: once acknowledged, the same records are sent again under a new batch_id;
 * - lose_refresh_answer: before this batch, the access token is refreshed and that answer is lost; the SDK
 *   retries the refresh with the refresh token it still has (the server's grace window).
 */
export type DeviceFault =
  | 'crash_before_send'
  | 'lose_answer_then_retry'
  | 'crash_after_send'
  | 'crash_after_send_unsaved'
  | 'resend_same_batch'
  | 'resend_records_new_batch'
  | 'lose_refresh_answer';

export interface DeviceFaultPlan {
  /** Batch ordinal → faults at that batch; each fires once. */
  atBatch?: Record<number, DeviceFault[]>;
}

/** Thrown out of `sync()` when a fault kills the app; call `sync()` again to relaunch it. */
export class SimulatedCrash extends Error {
  constructor(readonly fault: DeviceFault) {
    super(`simulated crash (${fault})`);
  }
}

/** The session is gone (revoked, user deleted, connection removed): the app must be signed in again. */
export class DeviceSignedOut extends Error {
  /** The refusal; null when the device already knew it was signed out and sent nothing. */
  constructor(readonly answer: HttpAnswer | null) {
    super(
      answer
        ? `device signed out: ${answer.status} ${JSON.stringify(answer.body)}`
        : 'the device is signed out: sign it in again (signIn)',
    );
  }
}

/** The request got no answer (connection refused or reset): the SDK retries it. */
export class DeviceNetworkError extends Error {
  constructor(cause: unknown) {
    super(`no answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The server refused a push for good (422, or a 4xx the SDK cannot act on). */
export class PushRefused extends Error {
  constructor(readonly answer: HttpAnswer) {
    super(`push refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/** 413: the SDK pages smaller and rebuilds the batch from the same anchors. */
class BatchTooLarge extends PushRefused {}

/** One HTTP exchange of the device, for tests to inspect. */
export interface DeviceLogEntry {
  kind: 'sign_in' | 'refresh' | 'push' | 'revoke';
  batchId?: string;
  status: number;
  /** Wall time of the exchange, ms. */
  ms: number;
  records?: number;
  /** The server answered a batch it had answered before (`Idempotent-Replayed`). */
  replayed?: boolean;
  answer: unknown;
  note?: string;
}

export interface SimulatedDeviceOptions {
  http: DeviceHttp;
  backend: IntegratorBackend;
  userId: string;
  store: AnchoredHealthStore;
  provider?: 'apple_health_kit' | 'health_connect' | 'samsung_health';
  /** The true time; the device's clock is this plus `clockSkewMs`. */
  clock?: () => Date;
  clockSkewMs?: number;
  /** How the device waits (Retry-After, back-off); tests move an injected clock instead. */
  sleep?: (ms: number) => Promise<void>;
  /** Records per resource per batch (the SDK's page size). */
  batchSize?: number;
  faults?: DeviceFaultPlan;
  /** Whether the SDK writes the batch to disk before sending it (resends it after a crash). */
  persistPendingBatch?: boolean;
  /** Sign in again through the backend when the session is refused (the app's own recovery). */
  signInAgainWhenSignedOut?: boolean;
  /** Retries of one batch on 5xx, network errors and 429 before giving up. */
  maxAttempts?: number;
  timeZone?: string;
  state?: DeviceState;
  device?: { name?: string; model?: string; os?: string; os_version?: string; app_id?: string };
}

export class SimulatedDevice {
  readonly state: DeviceState;
  readonly log: DeviceLogEntry[] = [];
  readonly provider: string;
  private readonly clock: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private batchSize: number;
  private readonly pendingFaults: Map<number, DeviceFault[]>;

  constructor(private readonly opts: SimulatedDeviceOptions) {
    this.provider = opts.provider ?? 'apple_health_kit';
    this.clock = opts.clock ?? (() => new Date());
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.batchSize = opts.batchSize ?? 1440;
    this.state = opts.state ?? {
      installationId: randomUUID(),
      session: null,
      anchors: {},
      historyDone: {},
      pending: null,
      batchesBuilt: 0,
      signedOut: false,
    };
    this.pendingFaults = new Map(
      Object.entries(opts.faults?.atBatch ?? {}).map(([k, v]) => [Number(k), [...v]]),
    );
  }

  /** The device's own clock (skewed). */
  deviceNow(): number {
    return this.clock().getTime() + (this.opts.clockSkewMs ?? 0);
  }

  get deviceId(): string | null {
    return this.state.session?.deviceId ?? null;
  }

  // --- sessions -----------------------------------------------------------------------------------------

  /** Gets a sign-in token from the integrator's backend and exchanges it for a device session. */
  async signIn(): Promise<void> {
    const signInToken = await this.opts.backend.signInToken(this.opts.userId);
    const answer = await this.exchange(signInToken);
    if (answer.status !== 200) throw new DeviceSignedOut(answer);
    this.state.signedOut = false;
  }

  /** Exchanges a sign-in token (exposed so tests can try one twice). */
  async exchange(signInToken: string): Promise<HttpAnswer> {
    const d = this.opts.device ?? {};
    const answer = await this.call('sign_in', 'POST', '/v2/sdk/auth/token', {
      body: {
        grant_type: 'sign_in_token',
        sign_in_token: signInToken,
        device: {
          installation_id: this.state.installationId,
          name: d.name ?? 'iPhone',
          model: d.model ?? 'iPhone16,1',
          os: d.os ?? 'iOS',
          os_version: d.os_version ?? '18.1',
          app_id: d.app_id ?? 'com.example.wellness',
          app_version: '4.2.0',
          sdk_version: '0.1.0',
        },
      },
    });
    if (answer.status === 200) this.keepSession(answer.body);
    return answer;
  }

  /** Rotates the session; a lost answer is retried with the same refresh token (grace window). */
  async refresh(loseFirstAnswer = false): Promise<HttpAnswer> {
    const session = this.state.session;
    if (!session) throw new Error('not signed in');
    const send = () =>
      this.call('refresh', 'POST', '/v2/sdk/auth/token', {
        body: { grant_type: 'refresh_token', refresh_token: session.refreshToken },
      });
    if (loseFirstAnswer) {
      const lost = await send();
      this.log[this.log.length - 1]!.note = 'answer lost';
      if (lost.status !== 200) return lost;
    }
    const answer = await send();
    if (answer.status === 200) this.keepSession(answer.body);
    return answer;
  }

  /** Signs the device out (`POST /v2/sdk/auth/revoke`) and forgets the session. */
  async signOut(): Promise<HttpAnswer> {
    const session = this.state.session;
    if (!session) throw new Error('not signed in');
    const answer = await this.call('revoke', 'POST', '/v2/sdk/auth/revoke', {
      body: { token: session.refreshToken },
    });
    this.state.session = null;
    this.state.signedOut = true;
    return answer;
  }

  private keepSession(body: {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    device_id: string;
    user_id: string;
  }): void {
    this.state.session = {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      accessExpiresAt: this.deviceNow() + Number(body.expires_in) * 1000,
      deviceId: body.device_id,
      userId: body.user_id,
    };
  }

  /** A valid access token: signs in or refreshes first when needed (a minute early, by its own clock). */
  private async accessToken(): Promise<string> {
    if (!this.state.session) {
      if (this.state.signedOut && !this.opts.signInAgainWhenSignedOut) throw new DeviceSignedOut(null);
      await this.signIn();
    }
    if (this.deviceNow() >= this.state.session!.accessExpiresAt - MINUTE) {
      await this.refreshOrSignOut();
    }
    return this.state.session!.accessToken;
  }

  private async refreshOrSignOut(loseFirstAnswer = false): Promise<void> {
    const answer = await this.refresh(loseFirstAnswer);
    if (answer.status === 200) return;
    this.state.session = null;
    this.state.signedOut = true;
    if (!this.opts.signInAgainWhenSignedOut) throw new DeviceSignedOut(answer);
    await this.signIn();
  }

  // --- push ---------------------------------------------------------------------------------------------

  /**
   * Pushes until HealthKit has nothing newer than the acknowledged anchors (the app's background sync).
   * Throws `SimulatedCrash` when a fault kills the app: calling `sync()` again is the relaunch.
   */
  async sync(): Promise<PushAnswer[]> {
    const answers: PushAnswer[] = [];
    if (this.state.pending) {
      // Relaunch after a crash with the batch on disk: the same batch first, under its batch_id.
      const pending = this.state.pending;
      answers.push(await this.deliver(pending));
    }
    for (;;) {
      const body = this.nextBatch();
      if (!body) return answers;
      const faults = this.pendingFaults.get(this.state.batchesBuilt) ?? [];
      this.pendingFaults.delete(this.state.batchesBuilt);
      if (faults.includes('lose_refresh_answer') && this.state.session) {
        await this.refreshOrSignOut(true);
      }
      if (this.opts.persistPendingBatch) this.state.pending = body;
      if (faults.includes('crash_before_send')) {
        throw new SimulatedCrash('crash_before_send');
      }
      if (faults.includes('lose_answer_then_retry')) {
        await this.send(body, 'answer lost, retrying');
      }
      if (faults.includes('crash_after_send')) {
        await this.send(body, 'answer lost, app killed');
        throw new SimulatedCrash('crash_after_send');
      }
      if (faults.includes('crash_after_send_unsaved')) {
        await this.send(body, 'answer lost, app killed before saving the batch');
        this.state.pending = null;
        throw new SimulatedCrash('crash_after_send_unsaved');
      }
      let answer: PushAnswer;
      try {
        answer = await this.deliver(body);
      } catch (err) {
        if (err instanceof BatchTooLarge) continue; // rebuilt smaller from the same anchors
        throw err;
      }
      answers.push(answer);
      if (faults.includes('resend_same_batch')) {
        answers.push(await this.deliver(body, 'duplicate batch'));
      }
      if (faults.includes('resend_records_new_batch')) {
        answers.push(
          await this.deliver(
            { ...body, batch_id: randomUUID(), sent_at: this.sentAt() },
            'same records, new batch',
          ),
        );
      }
    }
  }

  /** `sync()`, relaunching the app after each simulated crash; returns the answers and the relaunches. */
  async syncThroughCrashes(maxRelaunches = 20): Promise<{ answers: PushAnswer[]; relaunches: number }> {
    const answers: PushAnswer[] = [];
    for (let relaunches = 0; ; relaunches += 1) {
      try {
        answers.push(...(await this.sync()));
        return { answers, relaunches };
      } catch (err) {
        if (!(err instanceof SimulatedCrash) || relaunches >= maxRelaunches) throw err;
      }
    }
  }

  /** Builds the next batch from the acknowledged anchors; null when HealthKit has nothing newer. */
  private nextBatch(): PushBody | null {
    const resources: PushBody['resources'] = [];
    for (const resource of SIMULATED_RESOURCES) {
      const { records, anchor, more } = this.opts.store.query(
        resource,
        this.state.anchors[resource] ?? null,
        this.batchSize,
      );
      if (records.length === 0) continue;
      const moreHistory = more && !this.state.historyDone[resource];
      resources.push({ resource, anchor, ...(moreHistory ? { more_history: true } : {}), records });
    }
    if (resources.length === 0) return null;
    this.state.batchesBuilt += 1;
    return { batch_id: randomUUID(), sent_at: this.sentAt(), time_zone: this.timeZone(), resources };
  }

  private sentAt(): string {
    return new Date(this.deviceNow()).toISOString();
  }

  private timeZone(): string {
    return this.opts.timeZone ?? 'Asia/Tokyo';
  }

  /**
   * Sends one batch until it has an answer: refreshes on 401, waits out 429 and 409 `batch_in_progress`
   * (Retry-After), retries 5xx and network errors with back-off, halves the page on 413; then moves the
   * anchors the server acknowledged.
   */
  async deliver(body: PushBody, note?: string): Promise<PushAnswer> {
    const maxAttempts = this.opts.maxAttempts ?? 8;
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      let answer: HttpAnswer;
      try {
        answer = await this.send(body, note);
      } catch (err) {
        if (!(err instanceof DeviceNetworkError) || attempt >= maxAttempts) throw err;
        await this.sleep(Math.min(30_000, 250 * 2 ** attempt));
        continue;
      }
      if (answer.status === 200) {
        const result = answer.body as PushAnswer;
        this.acknowledge(body, result);
        if (this.state.pending?.batch_id === body.batch_id) this.state.pending = null;
        return result;
      }
      if (answer.status === 401 && !refreshed) {
        refreshed = true;
        await this.refreshOrSignOut();
        continue;
      }
      if (answer.status === 401) throw new DeviceSignedOut(answer);
      const inProgress = answer.status === 409 && answer.body?.detail?.error_type === 'batch_in_progress';
      if (answer.status === 429 || answer.status >= 500 || inProgress) {
        if (attempt >= maxAttempts) throw new PushRefused(answer);
        const retryAfter = Number(answer.headers.get('retry-after'));
        await this.sleep(
          Number.isFinite(retryAfter) && retryAfter > 0
            ? retryAfter * 1000
            : Math.min(30_000, 250 * 2 ** attempt),
        );
        continue;
      }
      if (answer.status === 413 && this.batchSize > 1) {
        // Too large: forget this batch and page smaller; the anchors have not moved.
        this.batchSize = Math.max(1, Math.floor(this.batchSize / 2));
        if (this.state.pending?.batch_id === body.batch_id) this.state.pending = null;
        throw new BatchTooLarge(answer);
      }
      throw new PushRefused(answer);
    }
  }

  private acknowledge(body: PushBody, answer: PushAnswer): void {
    for (const result of answer.results) {
      const resource = result.resource as SimulatedResource;
      const sent = body.resources.find((r) => r.resource === resource);
      if (!sent || result.status === 'failed' || result.acknowledged_anchor === null) continue;
      this.state.anchors[resource] = result.acknowledged_anchor;
      if (!sent.more_history) this.state.historyDone[resource] = true;
    }
  }

  /** One push request, as is (no retries). */
  async send(body: PushBody, note?: string): Promise<HttpAnswer> {
    const token = await this.accessToken();
    const answer = await this.call('push', 'POST', `/v2/sdk/push/${this.provider}`, {
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    const entry = this.log[this.log.length - 1]!;
    entry.batchId = body.batch_id;
    entry.records = body.resources.reduce((n, r) => n + r.records.length, 0);
    entry.replayed = answer.headers.get('idempotent-replayed') === 'true';
    if (note) entry.note = note;
    return answer;
  }

  /** Pushes with an explicit token (a revoked one, say), without any of the SDK's recovery. */
  async pushWithToken(token: string, body: PushBody): Promise<HttpAnswer> {
    return this.call('push', 'POST', `/v2/sdk/push/${this.provider}`, {
      headers: { authorization: `Bearer ${token}` },
      body,
    });
  }

  /** A batch of these records, for `pushWithToken` or `deliver`. */
  batchOf(resources: PushBody['resources']): PushBody {
    return { batch_id: randomUUID(), sent_at: this.sentAt(), time_zone: this.timeZone(), resources };
  }

  private async call(
    kind: DeviceLogEntry['kind'],
    method: 'POST',
    path: string,
    opts: { headers?: Record<string, string>; body?: unknown },
  ): Promise<HttpAnswer> {
    const started = performance.now();
    const answer = await this.opts.http(method, path, opts).catch((err: unknown) => {
      throw new DeviceNetworkError(err);
    });
    this.log.push({ kind, status: answer.status, ms: performance.now() - started, answer: answer.body });
    return answer;
  }
}
