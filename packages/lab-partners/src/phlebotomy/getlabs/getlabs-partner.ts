/**
 * The appointment-ready partner adapter (`getlabs` tier): API-key auth, availability with expiring slot
 * keys, synchronous booking (with an Idempotency-Key so a retry after a timeout cannot book twice),
 * reschedule, cancel, cursor-paged listing, and `Getlabs-Signature` webhooks.
 */
import type { AxiosInstance } from 'axios';
import { PartnerResponseError, WebhookSignatureError } from '../errors';
import {
  assertAddress,
  assertDate,
  assertPresent,
  assertZipCode,
  derivedIdempotencyKey,
  parseJsonBody,
} from '../partner-common';
import { createPartnerHttp } from '../partner-http';
import type { AppointmentReadyPartner, PartnerAppointment } from '../phlebotomy-partner';
import { headerValue, verifyWebhookSignature } from '../webhook-signature';
import {
  GETLABS_CANCEL_REASONS,
  getlabsAddress,
  getlabsClientError,
  getlabsPatient,
  readAppointment,
  readAppointmentPage,
  readAvailability,
  readServiceArea,
  readWebhookBody,
} from './getlabs-wire';

export interface GetlabsPartnerConfig {
  /** The API base, e.g. `https://api.partner.example/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Webhook signing secrets; more than one while the partner rotates. */
  webhookSecrets: readonly string[];
  /** Days of slots per availability call (1-14, default 7). */
  availabilityDays?: number;
  /** Appointments per listing page (default 100). */
  pageSize?: number;
  timeoutMs?: number;
  webhookToleranceSeconds?: number;
  now?: () => Date;
  axiosInstance?: AxiosInstance;
}

export function createGetlabsPartner(config: GetlabsPartnerConfig): AppointmentReadyPartner {
  const now = config.now ?? (() => new Date());
  const days = config.availabilityDays ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > 14) throw new RangeError('availabilityDays must be 1-14');
  const http = createPartnerHttp({
    provider: 'getlabs',
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
    auth: { headers: async () => ({ authorization: `Bearer ${config.apiKey}` }) },
    mapClientError: getlabsClientError,
    axiosInstance: config.axiosInstance,
  });
  const appointmentPath = (id: string) => `appointments/${encodeURIComponent(id)}`;

  return {
    provider: 'getlabs',
    serviceType: 'appointment-ready',

    async serviceArea(zipCode) {
      assertZipCode(zipCode);
      const res = await http.request({ method: 'GET', path: 'service-area', query: { zip_code: zipCode } });
      const area = readServiceArea(res.body);
      return { provider: 'getlabs', zipCode, served: area.serviceable, timezone: area.timezone };
    },

    async availability(address, startDate) {
      assertAddress(address);
      assertDate(startDate, 'start_date');
      const res = await http.request({
        method: 'POST',
        path: 'availability',
        json: { address: getlabsAddress(address), start_date: startDate, days },
      });
      return readAvailability(res.body);
    },

    async book(input) {
      assertAddress(input.address);
      assertPresent(input.bookingKey, 'booking_key');
      assertPresent(input.orderRef, 'order reference');
      const res = await http.request({
        method: 'POST',
        path: 'appointments',
        headers: {
          'idempotency-key':
            input.idempotencyKey ?? derivedIdempotencyKey('book', input.orderRef, input.bookingKey),
        },
        json: {
          slot_key: input.bookingKey,
          reference_id: input.orderRef,
          patient: getlabsPatient(input.patient),
          address: getlabsAddress(input.address),
          notes: input.notes ?? null,
        },
      });
      return confirmed(readAppointment(res.body), input.orderRef);
    },

    async reschedule(externalId, bookingKey) {
      assertPresent(externalId, 'external id');
      assertPresent(bookingKey, 'booking_key');
      const res = await http.request({
        method: 'POST',
        path: `${appointmentPath(externalId)}/reschedule`,
        json: { slot_key: bookingKey },
      });
      return readAppointment(res.body);
    },

    async cancel(externalId, input) {
      assertPresent(externalId, 'external id');
      const res = await http.request({
        method: 'POST',
        path: `${appointmentPath(externalId)}/cancel`,
        json: { reason_code: GETLABS_CANCEL_REASONS[input.reason], note: input.notes ?? null },
      });
      const appointment = readAppointment(res.body);
      if (appointment.status !== 'cancelled')
        throw new PartnerResponseError('getlabs', 'cancel answered an appointment that is not cancelled');
      return appointment;
    },

    async get(externalId) {
      assertPresent(externalId, 'external id');
      const res = await http.request({ method: 'GET', path: appointmentPath(externalId) });
      return readAppointment(res.body);
    },

    async *list(options = {}) {
      let after: string | undefined;
      for (;;) {
        const res = await http.request({
          method: 'GET',
          path: 'appointments',
          query: {
            limit: config.pageSize ?? 100,
            starting_after: after,
            updated_since: options.updatedSince?.toISOString(),
          },
        });
        const page = readAppointmentPage(res.body);
        yield* page.data;
        if (!page.hasMore) return;
        const last = page.data.at(-1);
        if (!last) throw new PartnerResponseError('getlabs', 'an empty page says more follow');
        after = last.externalId;
      }
    },

    parseWebhook(webhook) {
      const header = headerValue(webhook.headers, 'getlabs-signature');
      if (header === undefined) throw new WebhookSignatureError('getlabs', 'missing');
      const parts = header.split(',').map((p) => p.trim().split('='));
      const timestamp = parts.find(([k]) => k === 't')?.[1];
      const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
      if (timestamp === undefined || signatures.length === 0)
        throw new WebhookSignatureError('getlabs', 'malformed');
      verifyWebhookSignature({
        provider: 'getlabs',
        secrets: config.webhookSecrets,
        timestamp,
        signatures,
        rawBody: webhook.rawBody,
        encoding: 'hex',
        now: now(),
        toleranceSeconds: config.webhookToleranceSeconds,
      });
      return { provider: 'getlabs', ...readWebhookBody(parseJsonBody(webhook.rawBody)) };
    },
  };
}

/** A booking answers a confirmed appointment for our order, or the partner broke the contract. */
function confirmed(appointment: PartnerAppointment, orderRef: string): PartnerAppointment {
  if (appointment.status !== 'confirmed' || appointment.orderRef !== orderRef)
    throw new PartnerResponseError(
      'getlabs',
      'booking answered an appointment that is not ours or not confirmed',
    );
  return appointment;
}
