import type { LabResultMessage } from '@meridian/lab-partners';
import { ageAt, datedValueOf, reportMetadataOf, sampleInformationOf } from './report-metadata';

const order = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1990-06-15',
  physician: { first_name: 'Greg', last_name: 'House' },
  laboratory: 'Quest Diagnostics',
  fasting: true,
};

const message = {
  specimenId: 'SP-1',
  accessionNumber: 'ACC-1',
  sentAt: '2026-11-21T09:00:00-05:00',
  notes: ['Report note'],
  patient: { id: 'lab-patient-7' },
  tests: [
    {
      collectedAt: '2026-06-14T08:00:00-05:00',
      receivedAt: '2026-06-14T12:00:00-05:00',
      reportedAt: '2026-06-15T10:00:00-05:00',
      notes: [],
    },
    {
      collectedAt: '2026-06-14T07:30:00-05:00',
      receivedAt: '2026-06-14T13:00:00-05:00',
      reportedAt: null,
      notes: ['Test note'],
    },
  ],
  results: [{ performingLaboratory: 'Lab A' }, { performingLaboratory: null }],
} as unknown as LabResultMessage;

describe('report metadata', () => {
  it('fills LabResultsMetadata from the order and the message (age at collection)', () => {
    expect(
      reportMetadataOf(message, order, {
        status: 'final',
        interpretation: 'abnormal',
        receivedAt: new Date(),
      }),
    ).toEqual({
      age: '35',
      dob: '1990-06-15',
      'clia_#': null,
      patient: 'Ada Lovelace',
      provider: 'Greg House',
      laboratory: 'Quest Diagnostics',
      date_reported: '2026-06-15T10:00:00-05:00',
      date_collected: '2026-06-14T07:30:00-05:00',
      specimen_number: 'SP-1',
      date_received: '2026-06-14T13:00:00-05:00',
      status: 'final',
      interpretation: 'abnormal',
      patient_id: 'lab-patient-7',
      account_id: null,
    });
    expect(ageAt('1990-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(36);
  });

  it('keys sample information by specimen, keeping other specimens', () => {
    const info = sampleInformationOf(message, order, { OLD: null });
    expect(Object.keys(info!)).toEqual(['OLD', 'SP-1']);
    expect(info!['SP-1']).toEqual({
      sample_id: 'SP-1',
      control_number: 'ACC-1',
      date_collected: { timestamp: '2026-06-14T12:30:00.000Z', timezone_offset: -18000 },
      date_received: { timestamp: '2026-06-14T18:00:00.000Z', timezone_offset: -18000 },
      date_reported: { timestamp: '2026-06-15T15:00:00.000Z', timezone_offset: -18000 },
      performing_laboratories: {
        'Lab A': { name: 'Lab A', phone_number: null, medical_director: null, address: null },
      },
      clinical_information: {
        fasting: true,
        notes: 'Report note\nTest note',
        information: null,
        total_volume: null,
      },
    });
    expect(datedValueOf('2026-01-01T00:00:00+05:30')!.timezone_offset).toBe(19800);
  });
});
