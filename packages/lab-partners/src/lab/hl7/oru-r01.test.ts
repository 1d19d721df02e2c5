import { Hl7Message } from '@medplum/core';
import { Hl7MessageError } from '../lab-errors';
import { Hl7ResultListener } from '../hl7-result-listener';
import { readOruR01 } from './oru-r01';
import { segmentFields } from './text';

type Fields = Record<number, string>;

const MSH = 'MSH|^~\\&|LABAPP|LABFAC|MERIDIAN|MERIDIAN|20261120143000+0000||ORU^R01^ORU_R01|CTRL-1|P|2.5.1';
const PID = segmentFields('PID', {
  1: '1',
  3: 'user-1^^^MERIDIAN^MR',
  5: 'Doe^Jane',
  7: '19800101',
  8: 'F',
}).join('|');

function obr(fields: Fields = {}): string {
  return segmentFields('OBR', {
    1: '1',
    2: 'ord-1^MERIDIAN',
    3: 'ACC-1',
    4: '24331-1^Lipid panel^LN',
    7: '20261120080000',
    14: '20261120100000',
    22: '20261120143000+0000',
    25: 'F',
    ...fields,
  }).join('|');
}

function obx(fields: Fields = {}): string {
  return segmentFields('OBX', {
    1: '1',
    2: 'NM',
    3: '2093-3^Cholesterol, total^LN',
    5: '180',
    6: 'mg/dL^mg/dL^UCUM',
    7: '<200',
    8: 'N',
    11: 'F',
    ...fields,
  }).join('|');
}

function read(...segments: string[]) {
  return readOruR01(Hl7Message.parse([MSH, PID, ...segments].join('\r')), { labTimeZone: 'America/Chicago' });
}

describe('readOruR01', () => {
  it('reads header, order, specimen, patient, tests and dates', () => {
    const m = read('ORC|RE|ord-1^MERIDIAN|ACC-1', obr(), obx(), 'SPM|1|^SPEC-9');
    expect(m).toMatchObject({
      messageControlId: 'CTRL-1',
      sender: { application: 'LABAPP', facility: 'LABFAC' },
      idempotencyKey: 'LABAPP|LABFAC|CTRL-1',
      sentAt: '2026-11-20T14:30:00+00:00',
      orderId: 'ord-1',
      accessionNumber: 'ACC-1',
      specimenId: 'SPEC-9',
      resultStatus: 'final',
      interpretation: 'normal',
      patient: { id: 'user-1', firstName: 'Jane', lastName: 'Doe', dob: '1980-01-01', sex: 'female' },
    });
    expect(m.tests[0]).toMatchObject({
      code: '24331-1',
      loinc: '24331-1',
      status: 'final',
      collectedAt: '2026-11-20T08:00:00-06:00',
      receivedAt: '2026-11-20T10:00:00-06:00',
      reportedAt: '2026-11-20T14:30:00+00:00',
    });
    expect(m.results[0]).toMatchObject({
      testCode: '24331-1',
      loinc: '2093-3',
      valueType: 'NM',
      kind: 'numeric',
      value: 180,
      result: '180',
      unit: 'mg/dL',
      referenceRange: '<200',
      minRangeValue: null,
      maxRangeValue: 200,
      isAboveMaxRange: false,
      isBelowMinRange: null,
      interpretation: 'normal',
      status: 'final',
      observedAt: '2026-11-20T08:00:00-06:00',
    });
  });

  it('takes the placer number from ORC-2 when OBR-2 is empty and the accession as specimen id without SPM', () => {
    const m = read('ORC|RE|ord-9|ACC-9', obr({ 2: '', 3: '' }), obx());
    expect([m.orderId, m.accessionNumber, m.specimenId]).toEqual(['ord-9', 'ACC-9', 'ACC-9']);
  });

  it.each([
    [['N'], 'normal'],
    [['H'], 'abnormal'],
    [['L'], 'abnormal'],
    [['A'], 'abnormal'],
    [['HH'], 'critical'],
    [['LL'], 'critical'],
    [['AA'], 'critical'],
    [['PANIC'], 'critical'],
    [['ZZ'], 'unknown'],
  ])('flags %j → %s', (flags, interpretation) => {
    const m = read(obr(), obx({ 8: flags.join('~') }));
    expect(m.results[0]!.interpretation).toBe(interpretation);
    expect(m.results[0]!.abnormalFlags).toEqual(flags);
    expect(m.interpretation).toBe(interpretation);
  });

  it('judges an unflagged number against its range', () => {
    const m = read(
      obr(),
      obx({ 5: '3.1', 7: '3.5 - 5.1', 8: '' }),
      obx({ 1: '2', 5: '4.2', 7: '3.5-5.1', 8: '' }),
    );
    expect(
      m.results.map((r) => [r.interpretation, r.isBelowMinRange, r.minRangeValue, r.maxRangeValue]),
    ).toEqual([
      ['abnormal', true, 3.5, 5.1],
      ['normal', false, 3.5, 5.1],
    ]);
    expect(m.interpretation).toBe('abnormal');
  });

  it('reads SN, CWE and text values', () => {
    const m = read(
      obr(),
      obx({ 2: 'SN', 5: '>^60', 7: '>=60' }),
      obx({ 2: 'SN', 5: '^1^:^128', 8: 'A' }),
      obx({ 2: 'SN', 5: '=^7.5' }),
      obx({ 2: 'CWE', 5: '260385009^Negative^SCT', 6: '', 7: 'Negative' }),
      obx({ 2: 'ST', 5: 'Clear \\T\\ yellow', 6: '' }),
    );
    expect(m.results.map((r) => [r.kind, r.value, r.result, r.comparator])).toEqual([
      ['range', null, '>60', '>'],
      ['range', null, '1:128', null],
      ['numeric', 7.5, '7.5', null],
      ['coded_value', null, 'Negative', null],
      ['comment', null, 'Clear & yellow', null],
    ]);
    expect(m.results[3]!.codedValue).toEqual({ code: '260385009', text: 'Negative', codeSystem: 'SCT' });
  });

  it('reads LOINC from the alternate identifier and none from a local code', () => {
    const m = read(obr(), obx({ 3: 'CHOL^Cholesterol^L^2093-3^Cholesterol^LN' }), obx({ 3: 'X1^Local^L' }));
    expect(m.results.map((r) => [r.code, r.loinc])).toEqual([
      ['CHOL', '2093-3'],
      ['X1', null],
    ]);
  });

  it('attaches NTEs to the report, the test and the observation', () => {
    const m = read(
      'NTE|1||report note',
      obr(),
      'NTE|1||test note',
      obx(),
      'NTE|1||obs note|RE',
      'NTE|2||second line',
    );
    expect(m.notes).toEqual(['report note']);
    expect(m.tests[0]!.notes).toEqual(['test note']);
    expect(m.results[0]!.notes).toEqual(['obs note', 'second line']);
  });

  it('turns X, no status and no value into missing results with their failure type', () => {
    const m = read(
      obr(),
      obx({ 1: '1', 5: '', 11: 'X' }),
      'NTE|1||Specimen hemolyzed',
      obx({ 1: '2', 3: '2085-9^HDL^LN', 5: 'TNP', 2: 'ST', 11: '' }),
      'NTE|1||QNS',
      obx({ 1: '3', 3: '2571-8^Triglycerides^LN', 5: '' }),
      obx({ 1: '4', 3: '13457-7^LDL^LN', 5: '', 11: 'X' }),
    );
    expect(m.results).toEqual([]);
    expect(m.missingResults.map((x) => [x.loinc, x.failureType, x.note])).toEqual([
      ['2093-3', 'collection_process_failure', 'Specimen hemolyzed'],
      ['2085-9', 'quantity_not_sufficient_failure', 'TNP\nQNS'],
      ['2571-8', 'unknown_failure', null],
      ['13457-7', 'unknown_failure', null],
    ]);
    expect(m.interpretation).toBe('unknown');
  });

  it('reports a cancelled test without observations as missing, with the test note as reason', () => {
    const m = read(
      obr(),
      obx(),
      obr({ 1: '2', 4: '4548-4^HbA1c^LN', 25: 'X' }),
      'NTE|1||Specimen not received',
    );
    expect(m.missingResults).toEqual([
      expect.objectContaining({
        testCode: '4548-4',
        setId: null,
        failureType: 'drop_off_failure',
        note: 'Specimen not received',
      }),
    ]);
    expect(m.resultStatus).toBe('final');
    expect(read(obr({ 25: 'X' })).resultStatus).toBe('cancelled');
  });

  it('derives the report status: any P → preliminary, else any C → corrected', () => {
    expect(read(obr({ 25: 'P' }), obr({ 1: '2', 25: 'F' })).resultStatus).toBe('preliminary');
    expect(read(obr({ 25: 'C' }), obr({ 1: '2', 25: 'F' })).resultStatus).toBe('corrected');
  });

  describe('what labs send beyond the textbook message', () => {
    it('reads a bound in an NM field as a comparator and number', () => {
      const [r] = read(obr(), obx({ 3: '33914-3^eGFR^LN', 5: '>60', 7: '>59' })).results;
      expect(r).toMatchObject({ kind: 'range', value: null, result: '>60', comparator: '>' });
      const [lt] = read(obr(), obx({ 5: '<= 0.01' })).results;
      expect(lt).toMatchObject({ kind: 'range', value: null, result: '<=0.01', comparator: '<=' });
    });

    it('skips an attached document (ED, RP) and keeps date and identifier values as text', () => {
      const m = read(
        obr(),
        obx(),
        obx({ 1: '2', 2: 'ED', 3: 'PDF^Report^L', 5: '^application^pdf^Base64^JVBERi0xLjQK', 6: '', 7: '' }),
        obx({ 1: '3', 2: 'RP', 3: 'IMG^Image^L', 5: 'https://lab.example/r/1^^image^jpeg', 6: '', 7: '' }),
        obx({ 1: '4', 2: 'DT', 3: '8665-2^Last menstrual period^LN', 5: '20261101', 6: '', 7: '', 8: '' }),
      );
      expect(m.results.map((r) => [r.valueType, r.kind, r.result])).toEqual([
        ['NM', 'numeric', '180'],
        ['DT', 'comment', '20261101'],
      ]);
      expect(m.missingResults).toEqual([]);
    });

    it('maps the other OBX-11 codes: R, S preliminary; U final; N not reported; I, O, D, W not values', () => {
      const m = read(
        obr(),
        obx({ 1: '1', 11: 'R' }),
        obx({ 1: '2', 3: '2085-9^HDL^LN', 11: 'S' }),
        obx({ 1: '3', 3: '13457-7^LDL^LN', 11: 'U' }),
        obx({ 1: '4', 3: '2571-8^Triglyceride^LN', 5: '', 11: 'N' }),
        obx({ 1: '5', 3: '9830-1^Ratio^LN', 5: '', 11: 'I' }),
        obx({ 1: '6', 3: '9830-1^Ratio^LN', 5: '4.1', 11: 'D' }),
        obx({ 1: '7', 3: '9830-1^Ratio^LN', 5: '4.2', 11: 'W' }),
        obx({ 1: '8', 3: '9830-1^Ratio^LN', 5: '', 11: 'O' }),
      );
      expect(m.results.map((r) => [r.loinc, r.status])).toEqual([
        ['2093-3', 'preliminary'],
        ['2085-9', 'preliminary'],
        ['13457-7', 'final'],
      ]);
      expect(m.missingResults.map((r) => r.loinc)).toEqual(['2571-8']);
    });

    it('reads the in-between OBR-25 states as preliminary', () => {
      for (const code of ['A', 'R', 'I', 'O', 'S']) {
        expect(read(obr({ 25: code }), obx({ 11: 'P' })).resultStatus).toBe('preliminary');
      }
    });

    it("works out an empty OBR-25 from the test's values", () => {
      expect(read(obr({ 25: '' }), obx()).tests[0]!.status).toBe('final');
      expect(read(obr({ 25: '' }), obx({ 11: 'C' })).tests[0]!.status).toBe('corrected');
      expect(read(obr({ 25: '' }), obx(), obx({ 1: '2', 11: 'P' })).resultStatus).toBe('preliminary');
      expect(read(obr({ 25: '' }), obx({ 5: '', 11: 'X' })).tests[0]!.status).toBe('cancelled');
    });

    it('keeps a value whose code is marked LN but is not a LOINC code, without a LOINC', () => {
      const [r] = read(obr({ 4: 'LIPID^Lipid panel^LN' }), obx({ 3: '2093^Chol^LN' })).results;
      expect(r).toMatchObject({ code: '2093', loinc: null, value: 180 });
      const [alt] = read(obr(), obx({ 3: 'CHOL^Cholesterol^L^2093-3^Cholesterol^LN' })).results;
      expect(alt).toMatchObject({ code: 'CHOL', loinc: '2093-3' });
    });
  });

  const BAD_DOB = PID.replace('19800101', '19801301');
  it.each([
    ['no PID', [obr()], 'AE', '101', 'PID'],
    ['no OBR', [PID], 'AE', '101', 'OBR'],
    ['two PIDs', [PID, PID, obr()], 'AE', '100', 'PID[2]'],
    ['OBX before OBR', [PID, obx(), obr()], 'AE', '100', 'OBX[1]'],
    ['no placer number', [PID, obr({ 2: '' })], 'AE', '101', 'OBR[1]-2'],
    ['two orders', [PID, obr(), obr({ 1: '2', 2: 'ord-2' })], 'AE', '102', 'OBR[2]-2'],
    ['no test code', [PID, obr({ 4: '' })], 'AE', '101', 'OBR[1]-4'],
    ['no OBR-25', [PID, obr({ 25: '' })], 'AE', '101', 'OBR[1]-25'],
    ['unknown OBR-25', [PID, obr({ 25: 'Q' })], 'AE', '103', 'OBR[1]-25'],
    ['OBR-25 no patient record', [PID, obr({ 25: 'Z' }), obx()], 'AE', '103', 'OBR[1]-25'],
    ['no OBR-25, only pending lines', [PID, obr({ 25: '' }), obx({ 11: 'I' })], 'AE', '101', 'OBR[1]-25'],
    ['NM bound without a number', [PID, obr(), obx({ 5: '>' })], 'AE', '102', 'OBX[1]-5'],
    ['NM not a number', [PID, obr(), obx({ 5: '1,5' })], 'AE', '102', 'OBX[1]-5'],
    ['NM repeated', [PID, obr(), obx({ 5: '1~2' })], 'AE', '102', 'OBX[1]-5'],
    ['bad SN', [PID, obr(), obx({ 2: 'SN', 5: '~~^5' })], 'AE', '102', 'OBX[1]-5'],
    ['bad SN comparator', [PID, obr(), obx({ 2: 'SN', 5: '!^5' })], 'AE', '102', 'OBX[1]-5'],
    ['no value type', [PID, obr(), obx({ 2: '' })], 'AE', '101', 'OBX[1]-2'],
    ['unsupported value type', [PID, obr(), obx({ 2: 'ZZ' })], 'AE', '103', 'OBX[1]-2'],
    ['no observation id', [PID, obr(), obx({ 3: '' })], 'AE', '101', 'OBX[1]-3'],
    ['unknown OBX-11', [PID, obr(), obx({ 11: 'Q' })], 'AE', '103', 'OBX[1]-11'],
    ['bad date', [PID, obr({ 7: '2026-11-20' })], 'AE', '102', 'OBR[1]-7'],
    ['bad dob', [BAD_DOB, obr()], 'AE', '102', 'PID-7'],
  ])('%s → %s %s at %s', (_, segments, ackCode, errorCode, location) => {
    let caught: unknown = null;
    try {
      readOruR01(Hl7Message.parse([MSH, ...segments].join('\r')), { labTimeZone: 'UTC' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Hl7MessageError);
    const err = caught as Hl7MessageError;
    expect([err.ackCode, err.errorCode, err.location]).toEqual([ackCode, errorCode, location]);
  });

  it.each([
    ['ADT^A01', 'AR', '200'],
    ['ORU^R30', 'AR', '201'],
  ])('refuses message type %s with %s %s', (type, ackCode, errorCode) => {
    const text = [MSH.replace('ORU^R01^ORU_R01', type), PID, obr()].join('\r');
    expect(() => readOruR01(Hl7Message.parse(text), { labTimeZone: 'UTC' })).toThrow(
      expect.objectContaining({ ackCode, errorCode }) as Error,
    );
  });
});

describe('Hl7ResultListener.handleMessage ACKs', () => {
  const listener = new Hl7ResultListener({ apply: async () => undefined, newControlId: () => 'ACK-1' });

  it('answers AE with an ERR naming the field, echoing the sender and control id', async () => {
    const ack = Hl7Message.parse(
      await listener.handleMessage([MSH, PID, obr(), obx({ 5: 'abc' })].join('\r')),
    );
    expect(ack.toString().split('\r')[0]).toMatch(
      /^MSH\|\^~\\&\|MERIDIAN\|MERIDIAN\|LABAPP\|LABFAC\|\d{14}\+0000\|\|ACK\^R01\^ACK\|ACK-1\|P\|2\.5\.1$/,
    );
    expect(ack.getSegment('MSA')!.toString()).toBe('MSA|AE|CTRL-1|OBX[1]-5: NM value is not a number');
    expect(ack.getSegment('ERR')!.toString()).toBe(
      'ERR||OBX^1^5|102^Data type error^HL70357|E||||NM value is not a number',
    );
  });

  it('answers AR to an unsupported version and to text that is not HL7', async () => {
    const v = Hl7Message.parse(
      await listener.handleMessage([MSH.replace('|2.5.1', '|3.0'), PID, obr()].join('\r')),
    );
    expect(v.getSegment('MSA')!.toString()).toBe('MSA|AR|CTRL-1|MSH-12: unsupported version 3.0');
    const junk = Hl7Message.parse(await listener.handleMessage('hello'));
    expect(junk.getSegment('MSA')!.getComponent(1, 1)).toBe('AR');
    expect(junk.getSegment('MSA')!.getComponent(2, 1)).toBe('');
  });
});
