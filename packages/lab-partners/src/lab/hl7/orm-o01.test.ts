import { Hl7Message } from '@medplum/core';
import type { LabOrderRequest } from '../lab-types';
import { buildOrmO01, isValidNpi, LabOrderInvalidError } from './orm-o01';
import type { Hl7Endpoints } from './orm-o01';
import { readText } from './read';

const endpoints: Hl7Endpoints = {
  sendingApplication: 'MERIDIAN',
  sendingFacility: 'TEAM1',
  receivingApplication: 'LAB',
  receivingFacility: 'QUEST',
  processingId: 'T',
  assigningAuthority: 'MERIDIAN',
};

const order: LabOrderRequest = {
  orderId: '7a1c7f0e-0000-4000-8000-000000000001',
  patient: {
    id: 'user-42',
    firstName: 'Ada',
    lastName: 'Lovelace|King',
    dob: '1985-04-12',
    sex: 'female',
    phoneNumber: '+1 555 0100',
    address: {
      firstLine: '1 Main St',
      secondLine: 'Apt ^2',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      country: 'US',
    },
  },
  tests: [
    { code: '24331-1', name: 'Lipid panel', codeSystem: 'LN' },
    { code: 'Q1234', name: 'Lab special', codeSystem: 'L' },
  ],
  icdCodes: ['Z00.00', 'E785'],
  physician: { npi: '1234567893', firstName: 'Greg', lastName: 'House' },
  priority: true,
  collectedAt: new Date('2026-11-20T12:00:00Z'),
  clinicalNotes: 'fasting\n12h',
  accountNumber: 'ACCT-9',
};

function parse(text: string): Hl7Message {
  return Hl7Message.parse(text);
}

describe('buildOrmO01', () => {
  const now = new Date('2026-11-20T14:30:00Z');
  const message = parse(buildOrmO01(order, endpoints, 'CTRL1', now).toString());

  it('writes MSH for an ORM^O01 v2.5.1 with our control id and processing id', () => {
    const msh = message.getSegment('MSH')!;
    expect(
      message
        .toString()
        .startsWith('MSH|^~\\&|MERIDIAN|TEAM1|LAB|QUEST|20261120143000+0000||ORM^O01^ORM_O01|CTRL1|T|2.5.1'),
    ).toBe(true);
    expect(readText(msh, 15)).toBe('AL');
  });

  it('writes the patient (name escaped, dob, sex, address, phone) in PID', () => {
    const pid = message.getSegment('PID')!;
    expect(readText(pid, 3, 1)).toBe('user-42');
    expect(readText(pid, 3, 4)).toBe('MERIDIAN');
    expect(readText(pid, 5, 1)).toBe('Lovelace|King');
    expect(readText(pid, 5, 2)).toBe('Ada');
    expect(readText(pid, 7)).toBe('19850412');
    expect(readText(pid, 8)).toBe('F');
    expect(readText(pid, 11, 2)).toBe('Apt ^2');
    expect(readText(pid, 11, 5)).toBe('02110');
    expect(readText(pid, 13)).toBe('+1 555 0100');
    expect(readText(message.getSegment('PV1')!, 2)).toBe('O');
    expect(readText(message.getSegment('PV1')!, 19)).toBe('ACCT-9');
  });

  it('writes one ORC NW + OBR per test, with placer number, priority, codes and the NPI', () => {
    const names = message.segments.map((s) => s.name);
    expect(names).toEqual([
      'MSH',
      'PID',
      'PV1',
      'ORC',
      'OBR',
      'NTE',
      'DG1',
      'DG1',
      'ORC',
      'OBR',
      'NTE',
      'DG1',
      'DG1',
    ]);
    const orcs = message.getAllSegments('ORC');
    const obrs = message.getAllSegments('OBR');
    for (const orc of orcs) {
      expect(readText(orc, 1)).toBe('NW');
      expect(readText(orc, 2)).toBe(order.orderId);
      expect(readText(orc, 4)).toBe(order.orderId);
      expect(readText(orc, 7, 6)).toBe('S');
      expect([
        readText(orc, 12, 1),
        readText(orc, 12, 2),
        readText(orc, 12, 3),
        readText(orc, 12, 9),
        readText(orc, 12, 13),
      ]).toEqual(['1234567893', 'House', 'Greg', 'NPI', 'NPI']);
    }
    expect(obrs.map((o) => [readText(o, 1), readText(o, 2), readText(o, 4, 1), readText(o, 4, 3)])).toEqual([
      ['1', order.orderId, '24331-1', 'LN'],
      ['2', order.orderId, 'Q1234', 'L'],
    ]);
    expect(readText(obrs[0]!, 7)).toBe('20261120120000+0000');
    expect(readText(obrs[0]!, 16, 1)).toBe('1234567893');
    expect(
      message.getAllSegments('DG1').map((d) => [readText(d, 3, 1), readText(d, 3, 3), readText(d, 6)]),
    ).toEqual([
      ['Z00.00', 'I10', 'W'],
      ['E785', 'I10', 'W'],
      ['Z00.00', 'I10', 'W'],
      ['E785', 'I10', 'W'],
    ]);
    expect(message.getSegment('NTE')!.toString()).toBe('NTE|1|P|fasting\\.br\\12h');
  });

  it('leaves out what the order does not have', () => {
    const bare = parse(
      buildOrmO01(
        {
          ...order,
          physician: null,
          icdCodes: null,
          clinicalNotes: null,
          priority: false,
          collectedAt: null,
        },
        endpoints,
        'C2',
        now,
      ).toString(),
    );
    expect(bare.getAllSegments('DG1')).toHaveLength(0);
    expect(bare.getAllSegments('NTE')).toHaveLength(0);
    expect(readText(bare.getSegment('ORC')!, 12)).toBe('');
    expect(readText(bare.getSegment('ORC')!, 7, 6)).toBe('R');
    expect(readText(bare.getSegment('OBR')!, 7)).toBe('');
  });

  it.each([
    ['no tests', { tests: [] }],
    ['an empty order id', { orderId: ' ' }],
    ['a bad NPI', { physician: { npi: '1234567890', firstName: 'A', lastName: 'B' } }],
    ['a malformed ICD-10 code', { icdCodes: ['123'] }],
    ['a bad date of birth', { patient: { ...order.patient, dob: '12/04/1985' } }],
  ])('refuses an order with %s', (_, change) => {
    expect(() => buildOrmO01({ ...order, ...change }, endpoints, 'C', now)).toThrow(LabOrderInvalidError);
  });

  it('accepts ICD-10-CM codes of every chapter letter, U included', () => {
    expect(() =>
      buildOrmO01({ ...order, icdCodes: ['U07.1', 'A09', 'Z79.899'] }, endpoints, 'C', now),
    ).not.toThrow();
  });

  it('checks NPIs with the Luhn digit over the 80840 prefix', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
  });
});
