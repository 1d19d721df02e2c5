/** Test inputs shaped like the API's `Order` and `LabResults` (api-shapes §6.4, §6.9). */
import {
  type DocumentBiomarkerResult,
  type DocumentLabResults,
  type DocumentMarker,
  type DocumentOrder,
  type TeamBrand,
} from '../types';

export const brand: TeamBrand = { name: 'Acme Health', primary_color: '#0b6e4f' };

export const MARKERS: DocumentMarker[] = [
  { id: 1, name: 'Glucose', slug: 'glucose', provider_id: '483', loinc: '2345-7' },
  { id: 2, name: 'Cholesterol, Total', slug: 'cholesterol-total', provider_id: '334', loinc: '2093-3' },
  { id: 3, name: 'HDL Cholesterol', slug: 'hdl', provider_id: '608', loinc: '2085-9' },
  { id: 4, name: 'Hemoglobin A1c', slug: 'hba1c', provider_id: '496', loinc: '4548-4' },
];

export function order(overrides: Partial<DocumentOrder> = {}): DocumentOrder {
  return {
    id: '6f1d2a8e-4b1c-4e2a-9d3b-2f0a1c5e7b90',
    sample_id: 'MRD12345678',
    created_at: '2026-03-02T14:30:00.000Z',
    updated_at: '2026-03-05T09:00:00.000Z',
    patient_details: {
      first_name: 'Jane',
      last_name: 'Doe',
      dob: '1988-07-14',
      gender: 'female',
      phone_number: '+15555550123',
      email: 'jane@example.com',
    },
    patient_address: {
      receiver_name: 'Jane Doe',
      first_line: '12 Main Street',
      second_line: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      phone_number: null,
    },
    physician: { first_name: 'Gregory', last_name: 'House', npi: '1234567893' },
    lab_test: {
      id: '0c3e9b1a-2d4f-4a6b-8c1d-3e5f7a9b1c2d',
      slug: 'metabolic-panel',
      name: 'Metabolic Panel',
      sample_type: 'serum',
      method: 'at_home_phlebotomy',
      fasting: true,
      price: 89.5,
      lab: { slug: 'quest', name: 'Quest Diagnostics' },
      markers: MARKERS,
    },
    billing_type: 'client_bill',
    icd_codes: ['E11.9', 'Z13.220'],
    priority: false,
    notes: null,
    clinical_notes: 'Patient on metformin.',
    ...overrides,
  };
}

export function biomarker(overrides: Partial<DocumentBiomarkerResult> = {}): DocumentBiomarkerResult {
  return {
    name: 'Glucose',
    slug: 'glucose',
    value: 92,
    result: '92',
    type: 'numeric',
    unit: 'mg/dL',
    reference_range: '65-99',
    min_range_value: 65,
    max_range_value: 99,
    is_above_max_range: false,
    is_below_min_range: false,
    interpretation: 'normal',
    loinc: '2345-7',
    notes: null,
    ...overrides,
  };
}

export function results(overrides: Partial<DocumentLabResults> = {}): DocumentLabResults {
  return {
    metadata: {
      age: '37',
      dob: '1988-07-14',
      'clia_#': '05D0642827',
      patient: 'Doe, Jane',
      provider: 'Gregory House',
      laboratory: 'Quest Diagnostics',
      date_reported: '2026-03-05',
      date_collected: '2026-03-03',
      specimen_number: 'MRD12345678',
      date_received: '2026-03-04',
      status: 'final',
      interpretation: 'critical',
      patient_id: 'P-998',
      account_id: 'A-17',
    },
    results: [
      biomarker(),
      biomarker({
        name: 'Cholesterol, Total',
        slug: 'cholesterol-total',
        value: 245,
        result: '245',
        reference_range: '<200',
        min_range_value: null,
        max_range_value: 200,
        is_above_max_range: true,
        interpretation: 'abnormal',
        loinc: '2093-3',
        notes: 'Fasting specimen.',
      }),
      biomarker({
        name: 'Potassium',
        slug: 'potassium',
        value: 6.8,
        result: '6.8',
        unit: 'mmol/L',
        reference_range: '3.5-5.3',
        min_range_value: 3.5,
        max_range_value: 5.3,
        is_above_max_range: true,
        interpretation: 'critical',
        loinc: '2823-3',
      }),
    ],
    missing_results: [
      {
        name: 'Hemoglobin A1c',
        slug: 'hba1c',
        inferred_failure_type: 'quantity_not_sufficient_failure',
        note: 'Insufficient specimen volume.',
        loinc: '4548-4',
      },
    ],
    ...overrides,
  };
}
