/**
 * The appointment-request partner adapter (`phlebfinders` tier, beta): OAuth 2.0 client credentials (the
 * token cached until shortly before it expires, fetched once for concurrent callers, renewed after a 401),
 * draw requests that stay pending without a time, page-numbered listing, cancellation, and webhooks signed
 * with `X-PF-Timestamp` + `X-PF-Signature`.
 */
import { randomUUID } from 'node:crypto';
import type { AxiosInstance } from 'axios';
import { PartnerResponseError, WebhookSignatureError } from '../errors';
import { assertAddress, assertPresent, assertZipCode, parseJsonBody } from '../partner-common';
import { createPartnerHttp, type PartnerAuth } from '../partner-http';
import type { AppointmentRequestPartner } from '../phlebotomy-partner';
import { headerValue, verifyWebhookSignature } from '../webhook-signature';
import {
  PHLEBFINDERS_CANCEL_REASONS,
  phlebfindersClientError,
  phlebfindersLocation,
  phlebfindersPatient,
  readCoverage,
  readDrawRequest,
  readDrawRequestPage,
  readToken,
  readWebhookBody,
  tokenClientError,
} from './phlebfinders-wire';

export interface PhlebfindersPartnerConfig {
  /** The API base, e.g. `https://api.partner.example/api/v2`. */
  baseUrl: string;
  /** The OAuth token endpoint (default: `/oauth/token` on the API's origin). */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  webhookSecrets: readonly string[];
  /** Appointments per listing page (default 100). */
  pageSize?: number;
  timeoutMs?: number;
  webhookToleranceSeconds?: number;
  now?: () => Date;
  axiosInstance?: AxiosInstance;
}

/** Renew this long before the token expires, so a request never leaves with a token about to lapse. */
const TOKEN_MARGIN_MS = 60_000;
/** A partner that keeps saying there are more pages is broken; stop rather than loop forever. */
const MAX_PAGES = 10_000;

export function createPhlebfindersPartner(config: PhlebfindersPartnerConfig): AppointmentRequestPartner {
  const now = config.now ?? (() => new Date());
  const http = createPartnerHttp({
    provider: 'phlebfinders',
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
    auth: clientCredentials(config, now),
    mapClientError: phlebfindersClientError,
    axiosInstance: config.axiosInstance,
  });
  const requestPath = (id: string) => `draw-requests/${encodeURIComponent(id)}`;

  return {
    provider: 'phlebfinders',
    serviceType: 'appointment-request',

    async serviceArea(zipCode) {
      assertZipCode(zipCode);
      const res = await http.request({ method: 'GET', path: 'coverage', query: { postal_code: zipCode } });
      const coverage = readCoverage(res.body);
      return { provider: 'phlebfinders', zipCode, served: coverage.covered, timezone: coverage.timezone };
    },

    async request(input) {
      assertAddress(input.address);
      assertPresent(input.orderRef, 'order reference');
      const res = await http.request({
        method: 'POST',
        path: 'draw-requests',
        headers: {
          'idempotency-key': input.idempotencyKey ?? randomUUID(),
        },
        json: {
          external_ref: input.orderRef,
          patient: phlebfindersPatient(input.patient),
          location: phlebfindersLocation(input.address),
          notes: input.notes ?? null,
        },
      });
      const appointment = readDrawRequest(res.body);
      if (appointment.orderRef !== input.orderRef)
        throw new PartnerResponseError('phlebfinders', 'request answered a draw request that is not ours');
      return appointment;
    },

    async cancel(externalId, input) {
      assertPresent(externalId, 'external id');
      const res = await http.request({
        method: 'POST',
        path: `${requestPath(externalId)}/cancel`,
        json: { reason: PHLEBFINDERS_CANCEL_REASONS[input.reason], comment: input.notes ?? null },
      });
      const appointment = readDrawRequest(res.body);
      if (appointment.status !== 'cancelled')
        throw new PartnerResponseError('phlebfinders', 'cancel answered a request that is not cancelled');
      return appointment;
    },

    async get(externalId) {
      assertPresent(externalId, 'external id');
      const res = await http.request({ method: 'GET', path: requestPath(externalId) });
      return readDrawRequest(res.body);
    },

    async *list(options = {}) {
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const res = await http.request({
          method: 'GET',
          path: 'draw-requests',
          query: {
            page,
            per_page: config.pageSize ?? 100,
            updated_since: options.updatedSince?.toISOString(),
          },
        });
        const result = readDrawRequestPage(res.body);
        yield* result.items;
        if (page >= result.totalPages || result.items.length === 0) return;
      }
      throw new PartnerResponseError('phlebfinders', 'listing never ends');
    },

    parseWebhook(webhook) {
      const timestamp = headerValue(webhook.headers, 'x-pf-timestamp');
      const header = headerValue(webhook.headers, 'x-pf-signature');
      if (timestamp === undefined || header === undefined)
        throw new WebhookSignatureError('phlebfinders', 'missing');
      const signatures = header
        .split(/\s+/)
        .filter((s) => s.startsWith('v1=') && s.length > 3)
        .map((s) => s.slice(3));
      if (signatures.length === 0) throw new WebhookSignatureError('phlebfinders', 'malformed');
      verifyWebhookSignature({
        provider: 'phlebfinders',
        secrets: config.webhookSecrets,
        timestamp,
        signatures,
        rawBody: webhook.rawBody,
        encoding: 'base64',
        now: now(),
        toleranceSeconds: config.webhookToleranceSeconds,
      });
      return { provider: 'phlebfinders', ...readWebhookBody(parseJsonBody(webhook.rawBody)) };
    },
  };
}

/** OAuth 2.0 client credentials (RFC 6749 §4.4) with HTTP Basic client authentication. */
function clientCredentials(config: PhlebfindersPartnerConfig, now: () => Date): PartnerAuth {
  const tokenUrl = new URL(config.tokenUrl ?? new URL('/oauth/token', config.baseUrl).toString());
  const tokenHttp = createPartnerHttp({
    provider: 'phlebfinders',
    baseUrl: tokenUrl.origin,
    timeoutMs: config.timeoutMs,
    mapClientError: tokenClientError,
    axiosInstance: config.axiosInstance,
  });
  const basic = Buffer.from(
    `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
  ).toString('base64');
  let cached: { token: string; renewAtMs: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const res = await tokenHttp.request({
      method: 'POST',
      path: tokenUrl.pathname,
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
      noAuth: true,
    });
    const token = readToken(res.body);
    const lifetimeMs = token.expiresInSeconds * 1000;
    cached = {
      token: token.accessToken,
      renewAtMs: now().getTime() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
    return token.accessToken;
  }

  return {
    async headers() {
      if (cached && cached.renewAtMs > now().getTime()) return { authorization: `Bearer ${cached.token}` };
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return { authorization: `Bearer ${await inFlight}` };
    },
    invalidate() {
      cached = null;
    },
  };
}
