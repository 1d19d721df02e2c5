/**
 * The adapter, the result listener and the lab simulator talking over real TCP on ephemeral ports:
 * ORM^O01 → simulator → ORU^R01 → apply, for every scenario and fault.
 */
import net from 'node:net';
import { Hl7Message } from '@medplum/core';
import { Hl7LabAdapter } from './hl7-lab-adapter';
import { Hl7ResultListener } from './hl7-result-listener';
import type { LabResultEvent } from './hl7-result-listener';
import {
  DuplicateLabMessageError,
  Hl7MessageError,
  LabOrderRejectedError,
  LabTransportError,
} from './lab-errors';
import type { LabOrderRequest, LabResultContext, LabResultMessage } from './lab-types';
import { segmentFields } from './hl7/text';
import { encodeMllpFrame } from './mllp/mllp-frame';
import { MllpClient } from './mllp/mllp-client';
import type { LabScenario } from './simulator/lab-simulator';
import { LabSimulator } from './simulator/lab-simulator';

const FIXED_NOW = new Date('2026-11-20T14:30:00Z');

function order(
  orderId: string,
  tests: LabOrderRequest['tests'] = [{ code: '24331-1', name: 'Lipid panel', codeSystem: 'LN' }],
): LabOrderRequest {
  return {
    orderId,
    patient: { id: 'user-1', firstName: 'Ada', lastName: "O'Brien|Smith", dob: '1985-04-12', sex: 'female' },
    tests,
    icdCodes: ['Z00.00', 'E78.5'],
    physician: { npi: '1234567893', firstName: 'Greg', lastName: 'House' },
    clinicalNotes: 'fasting 12h',
  };
}

interface Rig {
  applied: LabResultMessage[];
  events: LabResultEvent[];
  listener: Hl7ResultListener;
  simulator: LabSimulator;
  adapter: Hl7LabAdapter;
  listenerPort: number;
  simulatorPort: number;
  apply: jest.Mock<Promise<void>, [LabResultMessage, LabResultContext]>;
}

const rigs: Rig[] = [];

async function rig(
  options: { scenario?: LabScenario; seed?: number; ackTimeoutMs?: number } = {},
): Promise<Rig> {
  const applied: LabResultMessage[] = [];
  const events: LabResultEvent[] = [];
  const apply = jest.fn(async (message: LabResultMessage, context: LabResultContext) => {
    expect(context.raw.startsWith('MSH|')).toBe(true);
    applied.push(message);
  });
  const listener = new Hl7ResultListener({
    apply,
    onResult: (e) => events.push(e),
    labTimeZone: 'America/New_York',
  });
  const { port: listenerPort } = await listener.listen();
  const simulator = new LabSimulator({
    resultsEndpoint: { host: '127.0.0.1', port: listenerPort },
    seed: options.seed ?? 42,
    scenario: options.scenario ?? 'normal',
    now: () => FIXED_NOW,
  });
  const { port } = await simulator.listen();
  const adapter = new Hl7LabAdapter({ host: '127.0.0.1', port, ackTimeoutMs: options.ackTimeoutMs ?? 5_000 });
  const r = { applied, events, listener, simulator, adapter, listenerPort, simulatorPort: port, apply };
  rigs.push(r);
  return r;
}

afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.adapter.close();
    await r.simulator.close();
    await r.listener.close();
  }
});

describe('lab round trip over MLLP', () => {
  it('normal: order accepted with an accession, one final report, all normal', async () => {
    const r = await rig({ scenario: 'normal' });
    const submission = await r.adapter.submitOrder(order('ord-normal'));
    expect(submission.orderId).toBe('ord-normal');
    expect(submission.accessionNumber).toMatch(/^SIM\d{11}$/);
    await r.simulator.whenIdle();

    expect(r.simulator.orders[0]!.tests.map((t) => t.code)).toEqual(['24331-1']);
    expect(r.applied).toHaveLength(1);
    const result = r.applied[0]!;
    expect(result.orderId).toBe('ord-normal');
    expect(result.accessionNumber).toBe(submission.accessionNumber);
    expect(result.specimenId).toBe(`${submission.accessionNumber}-S1`);
    expect(result.resultStatus).toBe('final');
    expect(result.interpretation).toBe('normal');
    expect(result.patient).toEqual({
      id: 'user-1',
      firstName: 'Ada',
      lastName: "O'Brien|Smith",
      dob: '1985-04-12',
      sex: 'female',
    });
    expect(result.results.map((o) => o.loinc)).toEqual(['2093-3', '2085-9', '13457-7', '2571-8']);
    for (const o of result.results) {
      expect(o.kind).toBe('numeric');
      expect(o.value).not.toBeNull();
      expect(o.interpretation).toBe('normal');
      expect(o.status).toBe('final');
      expect(o.unit).toBe('mg/dL');
      expect(o.isAboveMaxRange === true || o.isBelowMinRange === true).toBe(false);
    }
    expect(result.missingResults).toEqual([]);
    expect(result.tests[0]!.collectedAt).toBe('2026-11-20T14:30:00+00:00');
    expect(r.simulator.results.map((s) => s.ack?.code)).toEqual(['AA']);
  });

  it('results of a test order (MSH-11 T) come back as test results', async () => {
    const r = await rig();
    const adapter = new Hl7LabAdapter({
      host: '127.0.0.1',
      port: r.simulatorPort,
      processingId: 'T',
    });
    await adapter.submitOrder(order('ord-sandbox'));
    await r.simulator.whenIdle();
    await adapter.close();
    expect(r.applied[0]!.processingId).toBe('T');
  });

  it('is deterministic: the same seed and order id give the same values, another seed others', async () => {
    const values = async (seed: number) => {
      const r = await rig({ seed });
      await r.adapter.submitOrder(order('ord-seeded'));
      await r.simulator.whenIdle();
      return r.applied[0]!.results.map((o) => o.value);
    };
    const a = await values(7);
    expect(await values(7)).toEqual(a);
    expect(await values(8)).not.toEqual(a);
  });

  it('abnormal: H/L flags give abnormal results and an abnormal order', async () => {
    const r = await rig({ scenario: 'abnormal' });
    await r.adapter.submitOrder(order('ord-abn', [{ code: '24323-8', name: 'CMP', codeSystem: 'LN' }]));
    await r.simulator.whenIdle();
    const result = r.applied[0]!;
    expect(result.interpretation).toBe('abnormal');
    const abnormal = result.results.filter((o) => o.interpretation === 'abnormal');
    expect(abnormal.length).toBeGreaterThan(0);
    for (const o of abnormal) {
      expect(['H', 'L']).toContain(o.abnormalFlags[0]);
      if (o.value !== null && o.abnormalFlags[0] === 'H') expect(o.isAboveMaxRange).toBe(true);
      if (o.value !== null && o.abnormalFlags[0] === 'L') expect(o.isBelowMinRange).toBe(true);
    }
    expect(result.results.some((o) => o.interpretation === 'critical')).toBe(false);
    // eGFR comes as SN: a bound when normal, a number otherwise.
    const egfr = result.results.find((o) => o.loinc === '98979-8')!;
    expect(egfr.valueType).toBe('SN');
  });

  it('critical: a value beyond the panic limit is critical, and so is the order', async () => {
    const r = await rig({ scenario: 'critical' });
    await r.adapter.submitOrder(order('ord-crit', [{ code: '51990-0', name: 'BMP', codeSystem: 'LN' }]));
    await r.simulator.whenIdle();
    const result = r.applied[0]!;
    expect(result.interpretation).toBe('critical');
    const critical = result.results.filter((o) => o.interpretation === 'critical');
    expect(critical).toHaveLength(1);
    expect(critical[0]!.loinc).toBe('2345-7');
    expect(critical[0]!.abnormalFlags).toEqual(['HH']);
    expect(critical[0]!.value).toBeGreaterThan(500);
  });

  it('critical without panic limits: an AA flag is critical', async () => {
    const r = await rig({ scenario: 'critical' });
    await r.adapter.submitOrder(order('ord-crit-aa', [{ code: '4548-4', name: 'HbA1c', codeSystem: 'LN' }]));
    await r.simulator.whenIdle();
    expect(r.applied[0]!.results[0]!.abnormalFlags).toEqual(['AA']);
    expect(r.applied[0]!.interpretation).toBe('critical');
  });

  it('partial: a preliminary report with part of the values, then the final one', async () => {
    const r = await rig({ scenario: 'partial' });
    await r.adapter.submitOrder(
      order('ord-partial', [
        { code: '58410-2', name: 'CBC', codeSystem: 'LN' },
        { code: '3016-3', name: 'TSH', codeSystem: 'LN' },
      ]),
    );
    await r.simulator.whenIdle();
    expect(r.applied.map((m) => m.resultStatus)).toEqual(['preliminary', 'final']);
    const [preliminary, final] = r.applied as [LabResultMessage, LabResultMessage];
    expect(preliminary.tests.map((t) => t.status)).toEqual(['preliminary', 'preliminary']);
    expect(preliminary.results.map((o) => o.status)).toEqual([
      'preliminary',
      'preliminary',
      'preliminary',
      'preliminary',
    ]);
    expect(final.results).toHaveLength(6);
    expect(final.results.every((o) => o.status === 'final')).toBe(true);
    expect(preliminary.messageControlId).not.toBe(final.messageControlId);
  });

  it('corrected: a final report, then a corrected one with the changed value marked C and a note', async () => {
    const r = await rig({ scenario: 'corrected' });
    await r.adapter.submitOrder(order('ord-corr'));
    await r.simulator.whenIdle();
    expect(r.applied.map((m) => m.resultStatus)).toEqual(['final', 'corrected']);
    const corrected = r.applied[1]!.results[0]!;
    expect(corrected.status).toBe('corrected');
    expect(corrected.notes[0]).toMatch(/^Corrected result; previously reported as /);
    expect(corrected.value).not.toBe(r.applied[0]!.results[0]!.value);
    expect(r.applied[1]!.results.slice(1).map((o) => o.value)).toEqual(
      r.applied[0]!.results.slice(1).map((o) => o.value),
    );
  });

  it('missing: an X observation becomes a missing result with its failure type and note', async () => {
    const r = await rig({ scenario: 'missing' });
    await r.adapter.submitOrder(
      order('ord-missing', [
        { code: '24331-1', name: 'Lipid panel', codeSystem: 'LN' },
        { code: '62292-8', name: 'Vitamin D', codeSystem: 'LN' },
      ]),
    );
    await r.simulator.whenIdle();
    const result = r.applied[0]!;
    expect(result.missingResults).toEqual([
      {
        testCode: '62292-8',
        setId: 1,
        code: '62292-8',
        codeSystem: 'LN',
        name: 'Vitamin D, 25-hydroxy',
        loinc: '62292-8',
        failureType: 'quantity_not_sufficient_failure',
        note: 'QNS: Quantity not sufficient for analysis',
      },
    ]);
    expect(result.results).toHaveLength(4);
    expect(result.resultStatus).toBe('final');
  });
});

describe('order faults', () => {
  it('a NAK from the lab is a LabOrderRejectedError with its code and reason', async () => {
    const r = await rig();
    r.simulator.setFaults({ rejectOrders: { ackCode: 'AR', reason: 'account suspended' } });
    const error = await r.adapter.submitOrder(order('ord-nak')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabOrderRejectedError);
    expect(error).toMatchObject({ ackCode: 'AR', reason: 'account suspended', orderId: 'ord-nak' });
    r.simulator.setFaults({ rejectOrders: { ackCode: 'AE', reason: 'temporarily unavailable' } });
    await expect(r.adapter.submitOrder(order('ord-nak'))).rejects.toMatchObject({ ackCode: 'AE' });
    await r.simulator.whenIdle();
    expect(r.applied).toEqual([]);
  });

  it('an unknown test code is refused with AE 204', async () => {
    const r = await rig();
    await expect(
      r.adapter.submitOrder(order('ord-unknown', [{ code: '99999-9', name: 'Nope', codeSystem: 'LN' }])),
    ).rejects.toMatchObject({
      ackCode: 'AE',
      errorCode: '204',
      reason: 'unknown test code 99999-9',
    });
  });

  it('a dropped connection is a LabTransportError, and the next order goes through on a new connection', async () => {
    const r = await rig();
    r.simulator.setFaults({ dropOrderConnection: true });
    const error = await r.adapter.submitOrder(order('ord-drop')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabTransportError);
    expect((error as LabTransportError).failure).toBe('closed');
    r.simulator.setFaults({});
    await expect(r.adapter.submitOrder(order('ord-drop'))).resolves.toMatchObject({ orderId: 'ord-drop' });
  });

  it('an ACK later than the timeout is a timeout, and the late ACK is not taken for the next order', async () => {
    const r = await rig({ ackTimeoutMs: 150 });
    r.simulator.setFaults({ orderAckDelayMs: 400 });
    await expect(r.adapter.submitOrder(order('ord-slow'))).rejects.toMatchObject({ failure: 'timeout' });
    r.simulator.setFaults({});
    const next = await r.adapter.submitOrder(order('ord-next'));
    expect(next.orderId).toBe('ord-next');
  });

  it('a lab that is down is a connect failure', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const adapter = new Hl7LabAdapter({ host: '127.0.0.1', port, connectTimeoutMs: 1_000 });
    await expect(adapter.submitOrder(order('ord-down'))).rejects.toMatchObject({ failure: 'connect' });
    await adapter.close();
  });

  it('a resent order (same control id) gets the same accession and no second report', async () => {
    const r = await rig();
    const first = await r.adapter.submitOrder(order('ord-resent'), { messageControlId: 'CTRL-ORDER-1' });
    const second = await r.adapter.submitOrder(order('ord-resent'), { messageControlId: 'CTRL-ORDER-1' });
    expect(second.accessionNumber).toBe(first.accessionNumber);
    await r.simulator.whenIdle();
    expect(r.simulator.orders).toHaveLength(1);
    expect(r.applied).toHaveLength(1);
  });

  it('delayed results still arrive', async () => {
    const r = await rig();
    r.simulator.setFaults({ resultDelayMs: 200 });
    await r.adapter.submitOrder(order('ord-delay'));
    expect(r.applied).toHaveLength(0);
    await r.simulator.whenIdle();
    expect(r.applied).toHaveLength(1);
  });
});

describe('result listener', () => {
  it.each([
    ['non-numeric-value', 'AE', '102', /^NM value is not a number$/],
    ['unknown-result-status', 'AE', '103', /^unknown result status Z$/],
    ['missing-control-id', 'AR', '101', /^message control id missing$/],
    ['not-hl7', 'AR', '100', /^message does not start with MSH$/],
  ] as const)('malformed ORU (%s) → %s %s and nothing applied', async (kind, ackCode, errorCode, reason) => {
    const r = await rig();
    r.simulator.setFaults({ malformedResults: kind });
    await r.adapter.submitOrder(order(`ord-${kind}`));
    await r.simulator.whenIdle();
    expect(r.apply).not.toHaveBeenCalled();
    const sent = r.simulator.results[0]!;
    expect(sent.ack?.code).toBe(ackCode);
    expect(sent.ack?.errorCode).toBe(errorCode);
    expect(sent.ack?.text).toMatch(reason);
    expect(r.events.map((e) => e.outcome)).toEqual(['rejected']);
  });

  it('apply throwing → AE without the key being remembered; the resend is applied', async () => {
    const r = await rig();
    r.apply.mockRejectedValueOnce(new Error('deadlock detected while inserting Ada'));
    await r.adapter.submitOrder(order('ord-apply-fails'));
    await r.simulator.whenIdle();
    const first = r.simulator.results[0]!;
    expect(first.ack).toMatchObject({
      code: 'AE',
      errorCode: '207',
      text: 'results could not be stored; resend later',
    });
    expect(first.ack?.text).not.toContain('Ada');
    expect(r.events[0]).toMatchObject({ outcome: 'rejected', errorCode: '207' });
    expect(r.applied).toHaveLength(0);

    const resent = await r.simulator.resend(first);
    expect(resent.ack?.code).toBe('AA');
    expect(r.apply).toHaveBeenCalledTimes(2);
    expect(r.applied).toHaveLength(1);
  });

  it('apply rejecting with an Hl7MessageError sends its code and reason (e.g. an unknown order)', async () => {
    const r = await rig();
    r.apply.mockRejectedValueOnce(new Hl7MessageError('unknown placer order number', 'AE', '204', 'OBR-2'));
    await r.adapter.submitOrder(order('ord-unknown-here'));
    await r.simulator.whenIdle();
    expect(r.simulator.results[0]!.ack).toMatchObject({
      code: 'AE',
      errorCode: '204',
      text: 'unknown placer order number',
    });
  });

  it('a duplicate control id is acknowledged AA without applying again', async () => {
    const r = await rig();
    await r.adapter.submitOrder(order('ord-dup'));
    await r.simulator.whenIdle();
    const again = await r.simulator.resend(r.simulator.results[0]!);
    expect(again.ack).toMatchObject({ code: 'AA', text: 'duplicate message; already applied' });
    expect(r.apply).toHaveBeenCalledTimes(1);
    expect(r.events.map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
    expect(r.events[1]!.idempotencyKey).toBe(r.applied[0]!.idempotencyKey);
  });

  it('copies arriving together on several connections apply once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const apply = jest.fn(async () => gate);
    const listener = new Hl7ResultListener({ apply });
    const { port } = await listener.listen();
    const text = sampleOru('CTRL-CONCURRENT');
    const clients = [0, 1, 2].map(() => new MllpClient({ host: '127.0.0.1', port }));
    const answers = clients.map((c) => c.request(text));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(apply).toHaveBeenCalledTimes(1);
    release();
    const codes = (await Promise.all(answers)).map((a) =>
      Hl7Message.parse(a).getSegment('MSA')!.getComponent(1, 1),
    );
    expect(codes).toEqual(['AA', 'AA', 'AA']);
    expect(apply).toHaveBeenCalledTimes(1);
    await Promise.all(clients.map((c) => c.close()));
    await listener.close();
  });

  it('asks isAlreadyApplied (the durable record) and treats DuplicateLabMessageError as a duplicate', async () => {
    const stored = new Set<string>(['SIMLAB|SIMLAB|CTRL-STORED']);
    const apply = jest.fn(async (m: LabResultMessage) => {
      if (m.messageControlId === 'CTRL-RACE') throw new DuplicateLabMessageError('unique violation');
    });
    const listener = new Hl7ResultListener({ apply, isAlreadyApplied: async (key) => stored.has(key) });
    const { port } = await listener.listen();
    const client = new MllpClient({ host: '127.0.0.1', port });
    const stored1 = await client.request(sampleOru('CTRL-STORED'));
    const race = await client.request(sampleOru('CTRL-RACE'));
    const race2 = await client.request(sampleOru('CTRL-RACE'));
    expect(
      [stored1, race, race2].map((a) => Hl7Message.parse(a).getSegment('MSA')!.getComponent(3, 1)),
    ).toEqual([
      'duplicate message; already applied',
      'duplicate message; already applied',
      'duplicate message; already applied',
    ]);
    expect(apply).toHaveBeenCalledTimes(1);
    await client.close();
    await listener.close();
  });

  it('answers AE and applies nothing when the durable duplicate check fails', async () => {
    const apply = jest.fn(async () => undefined);
    const listener = new Hl7ResultListener({
      apply,
      isAlreadyApplied: () => Promise.reject(new Error('connection refused')),
    });
    const { port } = await listener.listen();
    const client = new MllpClient({ host: '127.0.0.1', port });
    const ack = Hl7Message.parse(await client.request(sampleOru('CTRL-CHECK-FAILS')));
    expect(ack.getSegment('MSA')!.toString()).toBe(
      'MSA|AE|CTRL-CHECK-FAILS|results could not be stored; resend later',
    );
    expect(apply).not.toHaveBeenCalled();
    await client.close();
    await listener.close();
  });

  it('takes a big message (12 000 OBX, over 1 MB)', async () => {
    const apply = jest.fn<Promise<void>, [LabResultMessage, LabResultContext]>(async () => undefined);
    const listener = new Hl7ResultListener({ apply });
    const { port } = await listener.listen();
    const text = sampleOru('CTRL-BIG', 12_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    const client = new MllpClient({ host: '127.0.0.1', port });
    const ack = Hl7Message.parse(await client.request(text));
    expect(ack.getSegment('MSA')!.getComponent(1, 1)).toBe('AA');
    const message = apply.mock.calls[0]![0];
    expect(message.results).toHaveLength(12_000);
    expect(message.results[11_999]!.value).toBe(11_999.5);
    await client.close();
    await listener.close();
  });

  it('closes a connection whose frame exceeds the limit, applying nothing', async () => {
    const apply = jest.fn(async () => undefined);
    const errors: Error[] = [];
    const listener = new Hl7ResultListener({ apply, maxFrameBytes: 10_000, onError: (e) => errors.push(e) });
    const { port } = await listener.listen();
    const client = new MllpClient({ host: '127.0.0.1', port });
    await expect(client.request(sampleOru('CTRL-TOO-BIG', 500))).rejects.toMatchObject({ failure: 'closed' });
    expect(apply).not.toHaveBeenCalled();
    expect(errors[0]?.name).toBe('MllpFrameTooLargeError');
    await client.close();
    await listener.close();
  });

  it('reassembles frames split across TCP chunks and answers frames sent back to back in order', async () => {
    const apply = jest.fn(async () => undefined);
    const listener = new Hl7ResultListener({ apply });
    const { port } = await listener.listen();
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));

    const first = encodeMllpFrame(sampleOru('CTRL-SPLIT-1'));
    // Split mid-frame, right between FS and CR, and byte by byte at the start.
    const cuts = [1, 2, 3, 50, first.length - 1];
    let from = 0;
    for (const cut of cuts) {
      socket.write(first.subarray(from, cut));
      from = cut;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The last byte (CR) of frame 1 goes with two whole frames in one write.
    socket.write(
      Buffer.concat([
        first.subarray(from),
        encodeMllpFrame(sampleOru('CTRL-SPLIT-2')),
        encodeMllpFrame(sampleOru('CTRL-SPLIT-3')),
      ]),
    );
    await waitFor(() => Buffer.concat(received).toString('utf8').split('\x1c\r').length - 1 >= 3);
    const acks = Buffer.concat(received)
      .toString('utf8')
      .split('\x1c\r')
      .filter((f) => f.length > 0)
      .map((f) => Hl7Message.parse(f.startsWith('\x0b') ? f.slice(1) : f).getSegment('MSA')!);
    expect(acks.map((msa) => [msa.getComponent(1, 1), msa.getComponent(2, 1)])).toEqual([
      ['AA', 'CTRL-SPLIT-1'],
      ['AA', 'CTRL-SPLIT-2'],
      ['AA', 'CTRL-SPLIT-3'],
    ]);
    expect(apply).toHaveBeenCalledTimes(3);
    socket.destroy();
    await listener.close();
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A valid ORU^R01 with `count` numeric results. */
function sampleOru(controlId: string, count = 2): string {
  const lines = [
    `MSH|^~\\&|SIMLAB|SIMLAB|MERIDIAN|MERIDIAN|20261120143000+0000||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
    'PID|1||user-1^^^MERIDIAN^MR||Doe^Jane||19800101|F',
    'ORC|RE|ord-1^MERIDIAN|ACC1',
    segmentFields('OBR', {
      1: '1',
      2: 'ord-1^MERIDIAN',
      3: 'ACC1',
      4: '24331-1^Lipid panel^LN',
      7: '20261120120000+0000',
      22: '20261120143000+0000',
      25: 'F',
    }).join('|'),
  ];
  for (let i = 0; i < count; i += 1) {
    lines.push(
      `OBX|${i + 1}|NM|2093-3^Cholesterol, total^LN||${i}.5|mg/dL^mg/dL^UCUM|<=199|N|||F|||20261120120000+0000`,
    );
  }
  return lines.join('\r');
}
