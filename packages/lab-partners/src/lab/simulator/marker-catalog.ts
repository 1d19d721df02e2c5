/**
 * What the lab simulator can run: panels and single tests by LOINC code, each marker with the adult
 * reference interval and critical (panic) limits a US reference lab typically prints. The intervals are
 * common published adult values, used only to make simulated results plausible; codes are LOINC (see the
 * LOINC notice in @meridian/lab-reports' catalogue) and all appear in the parser's catalogue.
 */

export interface SimulatedMarker {
  loinc: string;
  name: string;
  unit: string;
  /** `NM` numeric, `SN` reported as `>` bound when normal, `CWE` coded (Negative/Positive). */
  valueType: 'NM' | 'SN' | 'CWE';
  low: number | null;
  high: number | null;
  criticalLow?: number;
  criticalHigh?: number;
  decimals: number;
}

export interface SimulatedTest {
  code: string;
  name: string;
  markers: readonly SimulatedMarker[];
}

const m = (
  loinc: string,
  name: string,
  unit: string,
  low: number | null,
  high: number | null,
  decimals: number,
  critical: { criticalLow?: number; criticalHigh?: number } = {},
  valueType: SimulatedMarker['valueType'] = 'NM',
): SimulatedMarker => ({ loinc, name, unit, valueType, low, high, decimals, ...critical });

export const MARKERS = {
  glucose: m('2345-7', 'Glucose', 'mg/dL', 70, 99, 0, { criticalLow: 40, criticalHigh: 500 }),
  bun: m('3094-0', 'Urea nitrogen', 'mg/dL', 7, 25, 0),
  creatinine: m('2160-0', 'Creatinine', 'mg/dL', 0.6, 1.3, 2),
  sodium: m('2951-2', 'Sodium', 'mmol/L', 135, 145, 0, { criticalLow: 120, criticalHigh: 160 }),
  potassium: m('2823-3', 'Potassium', 'mmol/L', 3.5, 5.1, 1, { criticalLow: 2.8, criticalHigh: 6.2 }),
  chloride: m('2075-0', 'Chloride', 'mmol/L', 98, 107, 0),
  co2: m('2028-9', 'Carbon dioxide, total', 'mmol/L', 22, 29, 0),
  calcium: m('17861-6', 'Calcium', 'mg/dL', 8.6, 10.3, 1, { criticalLow: 6.5, criticalHigh: 13 }),
  protein: m('2885-2', 'Protein', 'g/dL', 6, 8.3, 1),
  albumin: m('1751-7', 'Albumin', 'g/dL', 3.5, 5, 1),
  bilirubin: m('1975-2', 'Bilirubin, total', 'mg/dL', 0.1, 1.2, 1),
  alp: m('6768-6', 'Alkaline phosphatase', 'U/L', 44, 147, 0),
  alt: m('1742-6', 'ALT', 'U/L', 7, 56, 0),
  ast: m('1920-8', 'AST', 'U/L', 10, 40, 0),
  egfr: m('98979-8', 'eGFR (CKD-EPI 2021)', 'mL/min/{1.73_m2}', 60, null, 0, {}, 'SN'),
  cholesterol: m('2093-3', 'Cholesterol, total', 'mg/dL', null, 199, 0),
  hdl: m('2085-9', 'HDL cholesterol', 'mg/dL', 40, null, 0),
  ldl: m('13457-7', 'LDL cholesterol (calculated)', 'mg/dL', null, 99, 0),
  triglycerides: m('2571-8', 'Triglycerides', 'mg/dL', null, 149, 0),
  hba1c: m('4548-4', 'Hemoglobin A1c', '%', 4, 5.6, 1),
  tsh: m('3016-3', 'TSH', 'm[IU]/L', 0.45, 4.5, 2),
  wbc: m('6690-2', 'WBC', '10*3/uL', 4.5, 11, 1, { criticalLow: 2, criticalHigh: 30 }),
  rbc: m('789-8', 'RBC', '10*6/uL', 4.2, 5.9, 2),
  hemoglobin: m('718-7', 'Hemoglobin', 'g/dL', 12, 17.5, 1, { criticalLow: 7, criticalHigh: 20 }),
  hematocrit: m('4544-3', 'Hematocrit', '%', 36, 50, 1),
  platelets: m('777-3', 'Platelets', '10*3/uL', 150, 400, 0, { criticalLow: 20, criticalHigh: 1000 }),
  vitaminD: m('62292-8', 'Vitamin D, 25-hydroxy', 'ng/mL', 30, 100, 0),
  ferritin: m('2276-4', 'Ferritin', 'ng/mL', 30, 400, 0),
  hcvAb: m('13955-0', 'Hepatitis C virus Ab', '', null, null, 0, {}, 'CWE'),
} as const satisfies Record<string, SimulatedMarker>;

const M = MARKERS;

const PANELS: readonly SimulatedTest[] = [
  {
    code: '24323-8',
    name: 'Comprehensive metabolic panel',
    markers: [
      M.glucose,
      M.bun,
      M.creatinine,
      M.sodium,
      M.potassium,
      M.chloride,
      M.co2,
      M.calcium,
      M.protein,
      M.albumin,
      M.bilirubin,
      M.alp,
      M.alt,
      M.ast,
      M.egfr,
    ],
  },
  {
    code: '51990-0',
    name: 'Basic metabolic panel',
    markers: [M.glucose, M.bun, M.creatinine, M.sodium, M.potassium, M.chloride, M.co2, M.calcium],
  },
  { code: '24331-1', name: 'Lipid panel', markers: [M.cholesterol, M.hdl, M.ldl, M.triglycerides] },
  { code: '58410-2', name: 'CBC panel', markers: [M.wbc, M.rbc, M.hemoglobin, M.hematocrit, M.platelets] },
];

/** The test a code orders: a panel, or any single marker by its own LOINC code; null when unknown. */
export function simulatedTestOf(code: string): SimulatedTest | null {
  const panel = PANELS.find((p) => p.code === code);
  if (panel) return panel;
  const marker = Object.values(MARKERS).find((mk) => mk.loinc === code);
  return marker ? { code, name: marker.name, markers: [marker] } : null;
}

/** Every orderable code (panels first). */
export const SIMULATED_TEST_CODES: readonly string[] = [
  ...PANELS.map((p) => p.code),
  ...Object.values(MARKERS).map((mk) => mk.loinc),
];
