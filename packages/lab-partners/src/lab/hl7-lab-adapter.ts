/**
 * The central-lab adapter over HL7 v2: `submitOrder` sends an ORM^O01 over MLLP and resolves once the lab
 * accepted it (AA/CA); AE/AR (and CE/CR) become `LabOrderRejectedError` with the lab's reason, transport
 * problems `LabTransportError`. Results come back separately through `Hl7ResultListener`.
 */
import type { Hl7Message } from '@medplum/core';
import { parseHl7 } from './hl7/medplum';
import { readAck } from './hl7/ack';
import type { Hl7Endpoints } from './hl7/orm-o01';
import { buildOrmO01 } from './hl7/orm-o01';
import { newMessageControlId } from './hl7/text';
import { LabOrderRejectedError, LabTransportError } from './lab-errors';
import type { LabAdapter, LabOrderRequest, LabOrderSubmission, SubmitOrderOptions } from './lab-types';
import { MllpClient } from './mllp/mllp-client';

export interface Hl7LabAdapterOptions extends Partial<Hl7Endpoints> {
  /** The lab's MLLP order endpoint. */
  host: string;
  port: number;
  connectTimeoutMs?: number;
  /** How long to wait for the lab's ACK. */
  ackTimeoutMs?: number;
  /** MSH-10 of each order message (default: 20 random hex characters). */
  newControlId?: () => string;
  now?: () => Date;
}

export class Hl7LabAdapter implements LabAdapter {
  private readonly client: MllpClient;
  private readonly endpoints: Hl7Endpoints;

  constructor(private readonly options: Hl7LabAdapterOptions) {
    this.client = new MllpClient({
      host: options.host,
      port: options.port,
      connectTimeoutMs: options.connectTimeoutMs,
      responseTimeoutMs: options.ackTimeoutMs,
    });
    this.endpoints = {
      sendingApplication: options.sendingApplication ?? 'MERIDIAN',
      sendingFacility: options.sendingFacility ?? 'MERIDIAN',
      receivingApplication: options.receivingApplication ?? 'LAB',
      receivingFacility: options.receivingFacility ?? 'LAB',
      processingId: options.processingId ?? 'P',
      assigningAuthority: options.assigningAuthority ?? 'MERIDIAN',
    };
  }

  async submitOrder(order: LabOrderRequest, options: SubmitOrderOptions = {}): Promise<LabOrderSubmission> {
    const controlId = options.messageControlId ?? this.options.newControlId?.() ?? newMessageControlId();
    const now = this.options.now?.() ?? new Date();
    const message = buildOrmO01(order, this.endpoints, controlId, now);
    const replyText = await this.client.request(message.toString());
    let reply: Hl7Message;
    try {
      reply = parseHl7(replyText.replace(/[\r\n]+$/, ''));
    } catch (error) {
      throw new LabTransportError('lab answered with something that is not HL7', 'protocol', {
        cause: error,
      });
    }
    const ack = readAck(reply);
    if (!ack) throw new LabTransportError('lab answer has no MSA segment', 'protocol');
    if (ack.controlId !== controlId) {
      throw new LabTransportError('lab acknowledged another message control id', 'protocol');
    }
    if (ack.code !== 'AA' && ack.code !== 'CA') {
      throw new LabOrderRejectedError(order.orderId, ack.code, ack.text || 'no reason given', ack.errorCode);
    }
    return {
      orderId: order.orderId,
      messageControlId: controlId,
      accessionNumber: ack.fillerOrderNumber,
      acceptedAt: now,
    };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
