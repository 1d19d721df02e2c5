/**
 * A local reference lab over HL7 v2 / MLLP, for development, sandbox and tests. It accepts ORM^O01 orders
 * (answering ORR^O02 with its accession, or AE/AR for what a lab would refuse: unknown test codes, missing
 * placer number, unsupported order control), then reports ORU^R01 results to a configured MLLP endpoint.
 *
 * Scenarios: normal, abnormal (H/L), critical (HH/LL beyond panic limits), partial (P then F), corrected
 * (F then C), missing (an OBX `X` with an NTE reason). Faults are switches (`setFaults`): refuse orders,
 * drop the order connection, send malformed results, delay the ACK or the results. Values are seeded per
 * order id, so a seed and an order always give the same report.
 */
import type { Hl7Message } from '@medplum/core';
import { parseHl7 } from '../hl7/medplum';
import { formatHl7DateTime } from '../hl7/datetime';
import { readText } from '../hl7/read';
import { hl7Components, segmentFields } from '../hl7/text';
import { readAck } from '../hl7/ack';
import type { Hl7AckCode } from '../lab-errors';
import { MllpClient } from '../mllp/mllp-client';
import type { MllpAddress, MllpConnectionContext } from '../mllp/mllp-server';
import { MllpServer } from '../mllp/mllp-server';
import type { SimulatedMarker, SimulatedTest } from './marker-catalog';
import { simulatedTestOf } from './marker-catalog';
import type { SimulatedValue, ValueLevel } from './simulated-values';
import { hashSeed, levelsOf, seededRandom, simulatedValue } from './simulated-values';

export type LabScenario = 'normal' | 'abnormal' | 'critical' | 'partial' | 'corrected' | 'missing';
export const LAB_SCENARIOS: readonly LabScenario[] = [
  'normal',
  'abnormal',
  'critical',
  'partial',
  'corrected',
  'missing',
];

export type MalformedResultKind =
  'non-numeric-value' | 'missing-control-id' | 'not-hl7' | 'unknown-result-status';

export interface LabSimulatorFaults {
  /** Answer every order with this NAK. */
  rejectOrders?: { ackCode: 'AE' | 'AR'; reason: string } | null;
  /** Close the connection when an order arrives, without answering. */
  dropOrderConnection?: boolean;
  /** Send result messages broken this way. */
  malformedResults?: MalformedResultKind | null;
  orderAckDelayMs?: number;
  resultDelayMs?: number;
}

export interface SimulatedOrder {
  orderId: string;
  controlId: string;
  accessionNumber: string;
  specimenId: string;
  tests: SimulatedTest[];
  scenario: LabScenario;
  receivedAt: Date;
  /** PID-3, PID-5, PID-7, PID-8 as received (already escaped), echoed in results. */
  pidFields: Record<number, string>;
  /** MSH-3/MSH-4 of the orderer: results are addressed to it. */
  orderer: { application: string; facility: string };
  /** MSH-11 of the order, echoed in its results (`T` for test orders). */
  processingId: string;
}

export interface SentResult {
  orderId: string;
  controlId: string;
  /** The message as sent (for resending in tests). */
  text: string;
  ack: { code: string; text: string; errorCode: string | null } | null;
  error: string | null;
}

export interface LabSimulatorOptions {
  /** Where results go (our result listener). */
  resultsEndpoint: { host: string; port: number };
  seed?: number;
  scenario?: LabScenario | ((orderId: string) => LabScenario);
  faults?: LabSimulatorFaults;
  host?: string;
  port?: number;
  application?: string;
  facility?: string;
  /** IANA zone the lab writes wall times in is not used: the simulator writes UTC with an offset. */
  now?: () => Date;
  onError?: (error: Error) => void;
}

interface ReportLine {
  marker: SimulatedMarker;
  value: SimulatedValue | null;
  status: 'F' | 'P' | 'C' | 'X';
  notes: string[];
}

interface ReportTest {
  test: SimulatedTest;
  status: 'F' | 'P' | 'C' | 'X';
  lines: ReportLine[];
}

export class LabSimulator {
  private readonly server: MllpServer;
  private readonly client: MllpClient;
  private faults: LabSimulatorFaults;
  private scenario: LabSimulatorOptions['scenario'];
  private work: Promise<void> = Promise.resolve();
  private accessionSeq = 0;
  readonly orders: SimulatedOrder[] = [];
  readonly results: SentResult[] = [];

  constructor(private readonly options: LabSimulatorOptions) {
    this.faults = { ...options.faults };
    this.scenario = options.scenario ?? 'normal';
    this.server = new MllpServer((text, connection) => this.receiveOrder(text, connection), {
      host: options.host,
      port: options.port,
      onError: options.onError,
    });
    this.client = new MllpClient({
      host: options.resultsEndpoint.host,
      port: options.resultsEndpoint.port,
      responseTimeoutMs: 15_000,
    });
  }

  listen(): Promise<MllpAddress> {
    return this.server.listen();
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.work;
    await this.client.close();
  }

  setFaults(faults: LabSimulatorFaults): void {
    this.faults = { ...faults };
  }

  setScenario(scenario: LabSimulatorOptions['scenario']): void {
    this.scenario = scenario;
  }

  /** Resolves once every result scheduled so far was sent and answered (or failed). */
  whenIdle(): Promise<void> {
    return this.work;
  }

  /** Resends a message exactly as sent before (a lab resending after a lost ACK). */
  async resend(result: SentResult): Promise<SentResult> {
    return this.send(result.orderId, result.controlId, result.text);
  }

  private async receiveOrder(text: string, connection: MllpConnectionContext): Promise<string | null> {
    const faults = this.faults;
    if (faults.dropOrderConnection) {
      connection.destroy();
      return null;
    }
    if (faults.orderAckDelayMs) await sleep(faults.orderAckDelayMs);
    let message: Hl7Message;
    try {
      message = parseHl7(text.replace(/^[\r\n]+|[\r\n]+$/g, ''));
    } catch {
      return orderAck(null, 'AR', 'not an HL7 message', '100', this.self());
    }
    const problem = checkOrder(message);
    if (problem) return orderAck(message, problem.code, problem.text, problem.errorCode, this.self());
    if (faults.rejectOrders) {
      return orderAck(message, faults.rejectOrders.ackCode, faults.rejectOrders.reason, '207', this.self());
    }
    const again = this.orders.find((o) => o.controlId === readText(message.getSegment('MSH')!, 10));
    if (again) return orderAck(message, 'AA', 'duplicate order; already accepted', null, this.self(), again);
    const order = this.register(message);
    this.work = this.work
      .then(() => this.report(order))
      .catch((error: unknown) => this.options.onError?.(error as Error));
    return orderAck(message, 'AA', 'order accepted', null, this.self(), order);
  }

  private register(message: Hl7Message): SimulatedOrder {
    const msh = message.getSegment('MSH')!;
    const pid = message.getSegment('PID')!;
    const obrs = message.getAllSegments('OBR');
    const orderId = readText(obrs[0]!, 2) || readText(message.getSegment('ORC')!, 2);
    this.accessionSeq += 1;
    const seed = hashSeed(this.options.seed ?? 1, orderId);
    const accessionNumber = `SIM${String(seed % 100_000_000).padStart(8, '0')}${String(this.accessionSeq).padStart(3, '0')}`;
    const scenario =
      typeof this.scenario === 'function' ? this.scenario(orderId) : (this.scenario ?? 'normal');
    const order: SimulatedOrder = {
      orderId,
      controlId: readText(msh, 10),
      accessionNumber,
      specimenId: `${accessionNumber}-S1`,
      tests: obrs.map((obr) => simulatedTestOf(readText(obr, 4, 1))!),
      scenario,
      receivedAt: this.now(),
      pidFields: {
        3: pid.getField(3)?.toString() ?? '',
        5: pid.getField(5)?.toString() ?? '',
        7: pid.getField(7)?.toString() ?? '',
        8: pid.getField(8)?.toString() ?? '',
      },
      orderer: { application: readText(msh, 3), facility: readText(msh, 4) },
      processingId: msh.getComponent(11, 1) || 'P',
    };
    this.orders.push(order);
    return order;
  }

  private async report(order: SimulatedOrder): Promise<void> {
    if (this.faults.resultDelayMs) await sleep(this.faults.resultDelayMs);
    const reports = reportsFor(order, seededRandom(hashSeed(this.options.seed ?? 1, order.orderId)));
    for (const [index, tests] of reports.entries()) {
      const controlId = `${order.accessionNumber}-${index + 1}`;
      const text = this.resultText(order, tests, controlId);
      await this.send(order.orderId, controlId, text);
    }
  }

  private async send(orderId: string, controlId: string, text: string): Promise<SentResult> {
    const sent: SentResult = { orderId, controlId, text, ack: null, error: null };
    try {
      const reply = await this.client.request(text);
      const ack = readAck(parseHl7(reply.replace(/[\r\n]+$/, '')));
      sent.ack = ack ? { code: ack.code, text: ack.text, errorCode: ack.errorCode } : null;
    } catch (error) {
      sent.error = (error as Error).message;
    }
    this.results.push(sent);
    return sent;
  }

  private resultText(order: SimulatedOrder, tests: ReportTest[], controlId: string): string {
    const malformed = this.faults.malformedResults ?? null;
    if (malformed === 'not-hl7') return 'THIS IS NOT AN HL7 MESSAGE';
    const message = oruOf(
      order,
      tests,
      malformed === 'missing-control-id' ? '' : controlId,
      this.self(),
      this.now(),
    );
    if (malformed === 'non-numeric-value') {
      const obx = message.getAllSegments('OBX').find((s) => s.getComponent(2, 1) === 'NM');
      obx?.setField(5, 'see comment');
    }
    if (malformed === 'unknown-result-status') message.getSegment('OBR')?.setField(25, 'Z');
    return message.toString();
  }

  private self(): { application: string; facility: string; now: Date } {
    return {
      application: this.options.application ?? 'SIMLAB',
      facility: this.options.facility ?? 'SIMLAB',
      now: this.now(),
    };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface OrderProblem {
  code: Hl7AckCode;
  text: string;
  errorCode: string;
}

/** What a lab checks before accepting an order. */
function checkOrder(message: Hl7Message): OrderProblem | null {
  const msh = message.getSegment(0);
  if (msh?.name !== 'MSH') return { code: 'AR', text: 'MSH missing', errorCode: '100' };
  if (msh.getComponent(9, 1) !== 'ORM' || msh.getComponent(9, 2) !== 'O01') {
    return { code: 'AR', text: 'only ORM^O01 is accepted', errorCode: '200' };
  }
  if (readText(msh, 10) === '') return { code: 'AR', text: 'MSH-10 missing', errorCode: '101' };
  if (!message.getSegment('PID')) return { code: 'AE', text: 'PID missing', errorCode: '101' };
  const orcs = message.getAllSegments('ORC');
  const obrs = message.getAllSegments('OBR');
  if (orcs.length === 0 || obrs.length === 0)
    return { code: 'AE', text: 'ORC/OBR missing', errorCode: '101' };
  for (const orc of orcs) {
    if (orc.getComponent(1, 1) !== 'NW') {
      return {
        code: 'AE',
        text: `order control ${orc.getComponent(1, 1) || '(none)'} not supported`,
        errorCode: '103',
      };
    }
  }
  const placer = readText(obrs[0]!, 2);
  for (const obr of obrs) {
    if (readText(obr, 2) === '' || readText(obr, 2) !== placer) {
      return { code: 'AE', text: 'placer order number missing or inconsistent', errorCode: '101' };
    }
    const code = readText(obr, 4, 1);
    if (!simulatedTestOf(code)) return { code: 'AE', text: `unknown test code ${code}`, errorCode: '204' };
  }
  return null;
}

function orderAck(
  message: Hl7Message | null,
  code: Hl7AckCode,
  text: string,
  errorCode: string | null,
  self: { application: string; facility: string; now: Date },
  order?: SimulatedOrder,
): string {
  const msh = message?.getSegment('MSH');
  const controlId = msh ? readText(msh, 10) : '';
  const segments: string[] = [
    [
      'MSH',
      '^~\\&',
      hl7Components(self.application),
      hl7Components(self.facility),
      msh?.getField(3)?.toString() ?? '',
      msh?.getField(4)?.toString() ?? '',
      formatHl7DateTime(self.now),
      '',
      'ORR^O02^ORR_O02',
      hl7Components(`R${controlId}`),
      msh?.getField(11)?.toString() || 'P',
      '2.5.1',
    ].join('|'),
    segmentFields('MSA', { 1: code, 2: hl7Components(controlId), 3: hl7Components(text) }).join('|'),
  ];
  if (errorCode) {
    segments.push(
      segmentFields('ERR', {
        3: hl7Components(errorCode, '', 'HL70357'),
        4: 'E',
        8: hl7Components(text),
      }).join('|'),
    );
  }
  if (order) {
    segments.push(
      segmentFields('ORC', {
        1: 'OK',
        2: hl7Components(order.orderId),
        3: hl7Components(order.accessionNumber),
      }).join('|'),
    );
  }
  return segments.join('\r');
}

/** The reports (one ORU each) a scenario produces for an order. */
function reportsFor(order: SimulatedOrder, random: () => number): ReportTest[][] {
  const normal = (status: ReportLine['status']) =>
    order.tests.map((test) => ({
      test,
      status,
      lines: test.markers.map((marker) => line(marker, 'normal', status, random)),
    }));
  switch (order.scenario) {
    case 'normal':
      return [normal('F')];
    case 'abnormal':
      return [
        withLevels(order, random, (marker, i) => (i % 3 === 0 ? abnormalLevel(marker, random) : 'normal')),
      ];
    case 'critical': {
      const all = order.tests.flatMap((t) => t.markers);
      const target = all.find((mk) => levelsOf(mk).includes('critical')) ?? all[0]!;
      let done = false;
      return [
        withLevels(
          order,
          random,
          (marker) => {
            if (done || marker !== target) return 'normal';
            done = true;
            return levelsOf(marker).includes('critical') ? 'critical' : 'high';
          },
          target.criticalHigh === undefined && target.criticalLow === undefined ? 'AA' : undefined,
        ),
      ];
    }
    case 'partial': {
      const final = normal('F');
      const preliminary = final.map((t) => ({
        test: t.test,
        status: 'P' as const,
        lines: t.lines.slice(0, Math.ceil(t.lines.length / 2)).map((l) => ({ ...l, status: 'P' as const })),
      }));
      return [preliminary, final];
    }
    case 'corrected': {
      const first = normal('F');
      const corrected = first.map((t, ti) => ({
        test: t.test,
        status: ti === 0 ? ('C' as const) : t.status,
        lines: t.lines.map((l, li) => {
          if (ti !== 0 || li !== 0) return l;
          const value = simulatedValue(l.marker, 'normal', random);
          return {
            ...l,
            value,
            status: 'C' as const,
            notes: [`Corrected result; previously reported as ${l.value?.obx5.replace('^', '') ?? ''}`],
          };
        }),
      }));
      return [first, corrected];
    }
    case 'missing': {
      const report = normal('F');
      const last = report.at(-1)!;
      last.lines[0] = {
        marker: last.lines[0]!.marker,
        value: null,
        status: 'X',
        notes: ['QNS: Quantity not sufficient for analysis'],
      };
      return [report];
    }
  }
}

function withLevels(
  order: SimulatedOrder,
  random: () => number,
  levelOf: (marker: SimulatedMarker, index: number) => ValueLevel,
  flagOverride?: string,
): ReportTest[] {
  let index = 0;
  return order.tests.map((test) => ({
    test,
    status: 'F',
    lines: test.markers.map((marker) => {
      const level = levelOf(marker, index);
      index += 1;
      const l = line(marker, level, 'F', random);
      if (flagOverride && level !== 'normal' && l.value) l.value = { ...l.value, flag: flagOverride };
      return l;
    }),
  }));
}

function abnormalLevel(marker: SimulatedMarker, random: () => number): ValueLevel {
  const options = levelsOf(marker).filter((l): l is 'high' | 'low' => l === 'high' || l === 'low');
  if (options.length === 0) return 'normal';
  return options[Math.floor(random() * options.length)]!;
}

function line(
  marker: SimulatedMarker,
  level: ValueLevel,
  status: ReportLine['status'],
  random: () => number,
): ReportLine {
  return { marker, value: simulatedValue(marker, level, random), status, notes: [] };
}

function oruOf(
  order: SimulatedOrder,
  tests: ReportTest[],
  controlId: string,
  self: { application: string; facility: string },
  now: Date,
): Hl7Message {
  const ts = formatHl7DateTime(now);
  const collected = formatHl7DateTime(order.receivedAt);
  const lines: string[] = [
    [
      'MSH',
      '^~\\&',
      hl7Components(self.application),
      hl7Components(self.facility),
      hl7Components(order.orderer.application),
      hl7Components(order.orderer.facility),
      ts,
      '',
      'ORU^R01^ORU_R01',
      hl7Components(controlId),
      hl7Components(order.processingId),
      '2.5.1',
      '',
      '',
      'NE',
      'NE',
    ].join('|'),
    segmentFields('PID', { 1: '1', ...order.pidFields }).join('|'),
  ];
  tests.forEach((t, ti) => {
    const placer = hl7Components(order.orderId);
    lines.push(
      segmentFields('ORC', { 1: 'RE', 2: placer, 3: hl7Components(order.accessionNumber) }).join('|'),
    );
    lines.push(
      segmentFields('OBR', {
        1: String(ti + 1),
        2: placer,
        3: hl7Components(order.accessionNumber),
        4: hl7Components(t.test.code, t.test.name, 'LN'),
        7: collected,
        14: collected,
        22: ts,
        25: t.status,
      }).join('|'),
    );
    t.lines.forEach((l, li) => {
      lines.push(
        segmentFields('OBX', {
          1: String(li + 1),
          2: l.value?.valueType ?? 'NM',
          3: hl7Components(l.marker.loinc, l.marker.name, 'LN'),
          5: l.value?.obx5 ?? '',
          6: l.value && l.marker.unit ? hl7Components(l.marker.unit, l.marker.unit, 'UCUM') : '',
          7: l.value ? hl7Components(l.value.referenceRange) : '',
          8: l.value?.flag ?? '',
          11: l.status,
          14: collected,
          23: hl7Components('Meridian Simulated Reference Lab'),
        }).join('|'),
      );
      l.notes.forEach((note, ni) => lines.push(`NTE|${ni + 1}|L|${hl7Components(note)}`));
    });
    lines.push(segmentFields('SPM', { 1: '1', 2: hl7Components('', order.specimenId) }).join('|'));
  });
  return parseHl7(lines.join('\r'));
}
