/**
 * Receives ORU^R01 results over MLLP. Each message is parsed and validated whole before `apply` sees it;
 * the ACK is AA only once `apply` resolved, AE/AR (with an ERR naming the field) when the message is
 * invalid or `apply` threw, so nothing is half-applied: the caller's `apply` runs in one transaction.
 *
 * Duplicates (the lab resends when an ACK was lost) are recognised by sender + MSH-10: a message under way
 * makes a copy wait for its outcome, applied keys are remembered in memory, and `isAlreadyApplied` lets the
 * caller answer from its store (the key it saved in `apply`'s transaction). A duplicate is answered AA
 * without calling `apply` again, so `apply` runs at most once per message.
 */
import type { Hl7Message } from '@medplum/core';
import { parseHl7 } from './hl7/medplum';
import type { AckError, AckedMessage } from './hl7/ack';
import { ackedMessageOf, buildAck } from './hl7/ack';
import { checkOruHeader, idempotencyKeyOf, readOruR01 } from './hl7/oru-r01';
import { newMessageControlId } from './hl7/text';
import type { Hl7AckCode } from './lab-errors';
import { DuplicateLabMessageError, HL7_ERROR_CODES, Hl7MessageError } from './lab-errors';
import type { LabResultHandler, LabResultMessage, LabResultOutcome } from './lab-types';
import type { MllpAddress } from './mllp/mllp-server';
import { MllpServer } from './mllp/mllp-server';

export interface LabResultEvent {
  outcome: LabResultOutcome;
  ackCode: Hl7AckCode;
  /** Sender + MSH-10, when the message got that far. */
  idempotencyKey: string | null;
  orderId: string | null;
  /** For rejections: the HL7 error code and the reason sent back (field names only, no content). */
  errorCode: string | null;
  reason: string | null;
  /** The error `apply` threw, for the caller's logging. */
  error?: unknown;
}

export interface Hl7ResultListenerOptions {
  /** Applies a fully validated message (in one transaction); throw to have the lab resend later. */
  apply: LabResultHandler;
  /** True when a message with this key was applied before (e.g. a row `apply` wrote in its transaction). */
  isAlreadyApplied?: (idempotencyKey: string) => Promise<boolean>;
  /** IANA zone the lab's wall times are in (date-times without an offset). Default UTC. */
  labTimeZone?: string;
  host?: string;
  port?: number;
  maxFrameBytes?: number;
  idleTimeoutMs?: number;
  /** MSH-3/MSH-4 of our ACKs. */
  application?: string;
  facility?: string;
  /** How many applied keys to remember in memory (default 10 000). */
  rememberApplied?: number;
  /** Outcome of every message (for logs and metrics; carries no message content). */
  onResult?: (event: LabResultEvent) => void;
  onError?: (error: Error) => void;
  newControlId?: () => string;
}

const GENERIC_APPLY_FAILURE = 'results could not be stored; resend later';

export class Hl7ResultListener {
  private readonly server: MllpServer;
  private readonly applied = new Map<string, true>();
  private readonly underWay = new Map<string, Promise<unknown>>();

  constructor(private readonly options: Hl7ResultListenerOptions) {
    this.server = new MllpServer((text) => this.handleMessage(text), {
      host: options.host,
      port: options.port,
      maxFrameBytes: options.maxFrameBytes,
      idleTimeoutMs: options.idleTimeoutMs,
      onError: options.onError,
    });
  }

  listen(): Promise<MllpAddress> {
    return this.server.listen();
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** Handles one message (the text inside an MLLP frame) and returns the ACK text. Never throws. */
  async handleMessage(text: string): Promise<string> {
    let parsed: Hl7Message | null = null;
    try {
      const body = text.replace(/^[\r\n]+|[\r\n]+$/g, '');
      if (!body.startsWith('MSH')) {
        throw new Hl7MessageError(
          'message does not start with MSH',
          'AR',
          HL7_ERROR_CODES.segmentSequence,
          'MSH',
        );
      }
      parsed = parseHl7(body);
      const header = checkOruHeader(parsed);
      const key = idempotencyKeyOf(header.application, header.facility, header.controlId);
      return await this.handleOnce(parsed, key, body);
    } catch (error) {
      if (error instanceof Hl7MessageError) return this.reject(ackedMessageOf(parsed), null, null, error);
      this.options.onError?.(error as Error);
      const problem = new Hl7MessageError(
        'message could not be processed',
        'AE',
        HL7_ERROR_CODES.applicationInternalError,
      );
      return this.reject(ackedMessageOf(parsed), null, null, problem, error);
    }
  }

  private async handleOnce(message: Hl7Message, key: string, raw: string): Promise<string> {
    // A copy of a message still under way waits for it, then is judged like any later copy.
    for (let running = this.underWay.get(key); running; running = this.underWay.get(key)) {
      await running.catch(() => undefined);
    }
    const work = this.process(message, key, raw);
    this.underWay.set(key, work);
    try {
      return await work;
    } finally {
      if (this.underWay.get(key) === work) this.underWay.delete(key);
    }
  }

  private async process(message: Hl7Message, key: string, raw: string): Promise<string> {
    const acked = ackedMessageOf(message);
    if (await this.wasApplied(key)) return this.accept(acked, key, null, 'duplicate');
    let result: LabResultMessage;
    try {
      result = readOruR01(message, { labTimeZone: this.options.labTimeZone ?? 'UTC' });
    } catch (error) {
      if (error instanceof Hl7MessageError) return this.reject(acked, key, null, error);
      throw error;
    }
    try {
      await this.options.apply(result, { raw, receivedAt: new Date() });
    } catch (error) {
      if (error instanceof DuplicateLabMessageError) {
        this.remember(key);
        return this.accept(acked, key, result.orderId, 'duplicate');
      }
      const problem =
        error instanceof Hl7MessageError
          ? error
          : new Hl7MessageError(GENERIC_APPLY_FAILURE, 'AE', HL7_ERROR_CODES.applicationInternalError);
      return this.reject(acked, key, result.orderId, problem, error);
    }
    this.remember(key);
    return this.accept(acked, key, result.orderId, 'applied');
  }

  private async wasApplied(key: string): Promise<boolean> {
    if (this.applied.has(key)) return true;
    if (!this.options.isAlreadyApplied) return false;
    try {
      return await this.options.isAlreadyApplied(key);
    } catch (error) {
      throw new Hl7MessageError(GENERIC_APPLY_FAILURE, 'AE', HL7_ERROR_CODES.applicationInternalError, null, {
        cause: error,
      });
    }
  }

  private remember(key: string): void {
    this.applied.set(key, true);
    const limit = this.options.rememberApplied ?? 10_000;
    while (this.applied.size > limit) {
      const oldest = this.applied.keys().next().value;
      if (oldest === undefined) break;
      this.applied.delete(oldest);
    }
  }

  private accept(
    acked: AckedMessage,
    key: string,
    orderId: string | null,
    outcome: 'applied' | 'duplicate',
  ): string {
    this.options.onResult?.({
      outcome,
      ackCode: 'AA',
      idempotencyKey: key,
      orderId,
      errorCode: null,
      reason: null,
    });
    const text = outcome === 'duplicate' ? 'duplicate message; already applied' : 'results applied';
    return this.ack(acked, 'AA', text).toString();
  }

  private reject(
    acked: AckedMessage,
    key: string | null,
    orderId: string | null,
    problem: Hl7MessageError,
    cause?: unknown,
  ): string {
    this.options.onResult?.({
      outcome: 'rejected',
      ackCode: problem.ackCode,
      idempotencyKey: key,
      orderId,
      errorCode: problem.errorCode,
      reason: problem.message,
      ...(cause === undefined ? {} : { error: cause }),
    });
    const error: AckError = {
      errorCode: problem.errorCode,
      location: problem.location,
      text: problem.message,
    };
    const text = problem.location ? `${problem.location}: ${problem.message}` : problem.message;
    return this.ack(acked, problem.ackCode, text, error).toString();
  }

  private ack(acked: AckedMessage, code: Hl7AckCode, text: string, error?: AckError): Hl7Message {
    return buildAck(
      acked,
      code,
      text,
      {
        application: this.options.application ?? 'MERIDIAN',
        facility: this.options.facility ?? 'MERIDIAN',
        controlId: this.options.newControlId?.() ?? newMessageControlId(),
      },
      error,
    );
  }
}
