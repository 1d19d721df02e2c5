/**
 * Markers printed by corpus v2, per region: US (conventional units), UK / AU (SI units, British spelling), CA (SI
 * units, US spelling) and IN (Indian lab wording, conventional units). Every marker has several printed spellings;
 * the development part prints only the even-indexed ones, the evaluation part any (odd ones preferred), so the
 * evaluation part holds names the development part never shows. `loinc` is the code a lab would attach for that
 * analyte and unit — also when the parser's catalogue does not hold it (see OUTSIDE_CATALOGUE in the README).
 */

export type Region = 'us' | 'uk' | 'au' | 'ca' | 'in';
export type Group =
  | 'cbc'
  | 'renal'
  | 'liver'
  | 'lipid'
  | 'thyroid'
  | 'diabetes'
  | 'iron'
  | 'misc'
  | 'urine'
  | 'coag'
  | 'serology';

export interface Marker {
  key: string;
  regions: readonly Region[];
  group: Group;
  loinc: string | null;
  /** Units as most labs print them; `null` for unitless results. */
  units: string | null;
  /** Canonical printed reference: `a-b`, `<x`, `>x`, a qualitative word, or `''`. */
  range: string;
  decimals: number;
  /** Printed spellings (index 0 the most common). */
  names: readonly string[];
  qualitative?: { normal: string; abnormal: readonly string[] };
}

const m = (
  key: string,
  regions: readonly Region[],
  group: Group,
  loinc: string | null,
  units: string | null,
  range: string,
  decimals: number,
  names: readonly string[],
  qualitative?: Marker['qualitative'],
): Marker => ({
  key,
  regions,
  group,
  loinc,
  units,
  range,
  decimals,
  names,
  ...(qualitative ? { qualitative } : {}),
});

const US: Region[] = ['us'];
const SI: Region[] = ['uk', 'au'];
const CA: Region[] = ['ca'];
const IN: Region[] = ['in'];

export const MARKERS: readonly Marker[] = [
  // ---- US, conventional units
  m('us-wbc', US, 'cbc', '6690-2', 'x10E3/uL', '3.4-10.8', 1, [
    'WBC',
    'White Blood Cell Count',
    'White Blood Cells',
    'Leukocyte Count',
  ]),
  m('us-rbc', US, 'cbc', '789-8', 'x10E6/uL', '3.77-5.28', 2, [
    'RBC',
    'Red Blood Cell Count',
    'Red Blood Cells',
    'Erythrocyte Count',
  ]),
  m('us-hgb', US, 'cbc', '718-7', 'g/dL', '11.1-15.9', 1, ['Hemoglobin', 'Hgb', 'Hemoglobin (Hgb)', 'HGB']),
  m('us-hct', US, 'cbc', '4544-3', '%', '34.0-46.6', 1, ['Hematocrit', 'Hct', 'Hematocrit (Hct)', 'HCT']),
  m('us-mcv', US, 'cbc', '787-2', 'fL', '79-97', 0, [
    'MCV',
    'Mean Corpuscular Volume',
    'Mean Cell Volume (MCV)',
  ]),
  m('us-mch', US, 'cbc', '785-6', 'pg', '26.6-33.0', 1, [
    'MCH',
    'Mean Corpuscular Hemoglobin',
    'Mean Cell Hemoglobin (MCH)',
  ]),
  m('us-mchc', US, 'cbc', '786-4', 'g/dL', '31.5-35.7', 1, [
    'MCHC',
    'Mean Corpuscular Hgb Conc',
    'Mean Corpuscular Hemoglobin Concentration',
  ]),
  m('us-rdw', US, 'cbc', '788-0', '%', '11.7-15.4', 1, ['RDW', 'RDW-CV', 'Red Cell Distribution Width']),
  m('us-plt', US, 'cbc', '777-3', 'x10E3/uL', '150-450', 0, [
    'Platelets',
    'Platelet Count',
    'PLT',
    'Platelet Ct',
  ]),
  m('us-neutp', US, 'cbc', '770-8', '%', '40-74', 0, [
    'Neutrophils',
    'Neutrophils %',
    'Neutrophil Percent',
    'Neut %',
  ]),
  m('us-lymp', US, 'cbc', '736-9', '%', '14-46', 0, ['Lymphs', 'Lymphocytes %', 'Lymphocytes', 'Lymph %']),
  m('us-glu', US, 'renal', '2345-7', 'mg/dL', '65-99', 0, [
    'Glucose',
    'Glucose, Serum',
    'Serum Glucose',
    'Glucose Level',
  ]),
  m('us-bun', US, 'renal', '3094-0', 'mg/dL', '6-24', 0, [
    'BUN',
    'Urea Nitrogen (BUN)',
    'Blood Urea Nitrogen',
    'Urea Nitrogen, Serum',
  ]),
  m('us-creat', US, 'renal', '2160-0', 'mg/dL', '0.57-1.00', 2, [
    'Creatinine',
    'Creatinine, Serum',
    'Serum Creatinine',
    'Creat',
  ]),
  m('us-egfr', US, 'renal', '98979-8', 'mL/min/1.73m2', '>59', 0, [
    'eGFR',
    'Estimated GFR',
    'eGFR (CKD-EPI 2021)',
    'GFR, Estimated',
  ]),
  m('us-na', US, 'renal', '2951-2', 'mmol/L', '134-144', 0, [
    'Sodium',
    'Sodium, Serum',
    'Na',
    'Serum Sodium',
  ]),
  m('us-k', US, 'renal', '2823-3', 'mmol/L', '3.5-5.2', 1, [
    'Potassium',
    'Potassium, Serum',
    'K',
    'Serum Potassium',
  ]),
  m('us-cl', US, 'renal', '2075-0', 'mmol/L', '96-106', 0, [
    'Chloride',
    'Chloride, Serum',
    'Cl',
    'Serum Chloride',
  ]),
  m('us-co2', US, 'renal', '2028-9', 'mmol/L', '20-29', 0, [
    'Carbon Dioxide, Total',
    'CO2',
    'Total CO2',
    'Carbon Dioxide (CO2)',
  ]),
  m('us-ca', US, 'renal', '17861-6', 'mg/dL', '8.7-10.2', 1, [
    'Calcium',
    'Calcium, Serum',
    'Ca',
    'Total Calcium',
  ]),
  m('us-tp', US, 'liver', '2885-2', 'g/dL', '6.0-8.5', 1, [
    'Protein, Total',
    'Total Protein',
    'Protein Total, Serum',
  ]),
  m('us-alb', US, 'liver', '1751-7', 'g/dL', '3.8-4.9', 1, [
    'Albumin',
    'Albumin, Serum',
    'Serum Albumin',
    'Alb',
  ]),
  m('us-bili', US, 'liver', '1975-2', 'mg/dL', '0.0-1.2', 1, [
    'Bilirubin, Total',
    'Total Bilirubin',
    'T. Bili',
    'Bilirubin Total',
  ]),
  m('us-alp', US, 'liver', '6768-6', 'IU/L', '44-121', 0, [
    'Alkaline Phosphatase',
    'Alk Phos',
    'ALP',
    'Alkaline Phosphatase, Serum',
  ]),
  m('us-ast', US, 'liver', '1920-8', 'IU/L', '0-40', 0, [
    'AST (SGOT)',
    'AST',
    'Aspartate Aminotransferase',
    'SGOT',
  ]),
  m('us-alt', US, 'liver', '1742-6', 'IU/L', '0-32', 0, [
    'ALT (SGPT)',
    'ALT',
    'Alanine Aminotransferase',
    'SGPT',
  ]),
  m('us-chol', US, 'lipid', '2093-3', 'mg/dL', '100-199', 0, [
    'Cholesterol, Total',
    'Total Cholesterol',
    'Cholesterol',
    'Chol, Total',
  ]),
  m('us-trig', US, 'lipid', '2571-8', 'mg/dL', '0-149', 0, [
    'Triglycerides',
    'Triglyceride',
    'Trig',
    'Triglycerides, Serum',
  ]),
  m('us-hdl', US, 'lipid', '2085-9', 'mg/dL', '>39', 0, [
    'HDL Cholesterol',
    'HDL-C',
    'HDL',
    'Cholesterol, HDL',
  ]),
  m('us-ldl', US, 'lipid', '13457-7', 'mg/dL', '0-99', 0, [
    'LDL Chol Calc (NIH)',
    'LDL Cholesterol (calc)',
    'LDL-Cholesterol',
    'LDL Calculated',
  ]),
  m('us-tsh', US, 'thyroid', '3016-3', 'uIU/mL', '0.450-4.500', 3, [
    'TSH',
    'Thyroid Stimulating Hormone',
    'Thyrotropin',
    'TSH, Serum',
  ]),
  m('us-ft4', US, 'thyroid', '3024-7', 'ng/dL', '0.82-1.77', 2, [
    'Free T4',
    'T4, Free',
    'Free Thyroxine',
    'Thyroxine, Free',
  ]),
  m('us-a1c', US, 'diabetes', '4548-4', '%', '4.8-5.6', 1, [
    'Hemoglobin A1c',
    'HbA1c',
    'Glycated Hemoglobin',
    'Hgb A1c',
  ]),
  m('us-vitd', US, 'misc', '62292-8', 'ng/mL', '30.0-100.0', 1, [
    'Vitamin D, 25-Hydroxy',
    '25-OH Vitamin D',
    '25-Hydroxyvitamin D',
    'Vitamin D 25-OH',
  ]),
  m('us-b12', US, 'iron', '2132-9', 'pg/mL', '232-1245', 0, [
    'Vitamin B12',
    'B12',
    'Cobalamin',
    'Vitamin B-12',
  ]),
  m('us-ferr', US, 'iron', '2276-4', 'ng/mL', '15-150', 0, ['Ferritin', 'Ferritin, Serum', 'Serum Ferritin']),
  m('us-iron', US, 'iron', '2498-4', 'ug/dL', '27-159', 0, [
    'Iron',
    'Iron, Serum',
    'Serum Iron',
    'Iron, Total',
  ]),
  m('us-psa', US, 'misc', '2857-1', 'ng/mL', '0.0-4.0', 1, [
    'PSA',
    'Prostate Specific Antigen',
    'PSA, Total',
    'Prostate-Specific Ag',
  ]),
  m('us-crp', US, 'misc', '1988-5', 'mg/L', '0.0-4.9', 1, [
    'C-Reactive Protein',
    'CRP',
    'C Reactive Protein',
    'CRP, Quantitative',
  ]),
  m('us-mg', US, 'renal', '19123-9', 'mg/dL', '1.6-2.3', 1, [
    'Magnesium',
    'Magnesium, Serum',
    'Mg',
    'Serum Magnesium',
  ]),
  m('us-uric', US, 'renal', '3084-1', 'mg/dL', '2.6-6.2', 1, ['Uric Acid', 'Urate', 'Uric Acid, Serum']),
  m('us-inr', US, 'coag', '6301-6', null, '0.8-1.2', 1, ['INR', 'International Normalized Ratio', 'PT INR']),
  m('us-pt', US, 'coag', '5902-2', 'sec', '9.1-12.0', 1, ['Prothrombin Time', 'PT', 'Protime', 'Pro Time']),
  m('us-color', US, 'urine', '5778-6', null, 'Yellow', 0, ['Color', 'Urine Color', 'Color, Urine'], {
    normal: 'Yellow',
    abnormal: ['Amber', 'Dark Yellow'],
  }),
  m('us-appear', US, 'urine', '5767-9', null, 'Clear', 0, ['Appearance', 'Clarity', 'Appearance, Urine'], {
    normal: 'Clear',
    abnormal: ['Cloudy', 'Hazy'],
  }),
  m('us-sg', US, 'urine', '5811-5', null, '1.005-1.030', 3, [
    'Specific Gravity',
    'Sp. Gravity',
    'Specific Gravity, Urine',
  ]),
  m('us-ph', US, 'urine', '5803-2', null, '5.0-8.0', 1, ['pH', 'Urine pH', 'pH, Urine']),
  m(
    'us-uprot',
    US,
    'urine',
    '20454-5',
    null,
    'Negative',
    0,
    ['Protein', 'Urine Protein', 'Protein, Urine', 'Protein, UA'],
    { normal: 'Negative', abnormal: ['Trace', '1+', '2+'] },
  ),
  m('us-uket', US, 'urine', '2514-8', null, 'Negative', 0, ['Ketones', 'Urine Ketones', 'Ketones, Urine'], {
    normal: 'Negative',
    abnormal: ['Trace', '1+'],
  }),
  m('us-ubld', US, 'urine', '5794-3', null, 'Negative', 0, ['Occult Blood', 'Blood, Urine', 'Urine Blood'], {
    normal: 'Negative',
    abnormal: ['Trace', 'Moderate'],
  }),
  m('us-nit', US, 'urine', '5802-4', null, 'Negative', 0, ['Nitrite', 'Urine Nitrite', 'Nitrite, Urine'], {
    normal: 'Negative',
    abnormal: ['Positive'],
  }),
  m(
    'us-le',
    US,
    'urine',
    '5799-2',
    null,
    'Negative',
    0,
    ['Leukocyte Esterase', 'Leuk Esterase', 'Leukocyte Esterase, Urine'],
    { normal: 'Negative', abnormal: ['Trace', '1+'] },
  ),
  m(
    'us-hcv',
    US,
    'serology',
    '13955-0',
    null,
    'Non-Reactive',
    0,
    ['Hepatitis C Antibody', 'HCV Ab', 'Hep C Ab', 'Anti-HCV'],
    { normal: 'Non-Reactive', abnormal: ['Reactive'] },
  ),

  // ---- UK and Australia, SI units
  m('si-hb', SI, 'cbc', '718-7', 'g/L', '130-170', 0, ['Haemoglobin', 'Hb', 'Haemoglobin (Hb)', 'HGB']),
  m('si-wcc', SI, 'cbc', '6690-2', '10^9/L', '4.0-11.0', 1, [
    'White cell count',
    'WBC',
    'Total white cell count',
    'White Cell Count',
  ]),
  m('si-plt', SI, 'cbc', '777-3', '10^9/L', '150-400', 0, [
    'Platelet count',
    'Platelets',
    'PLT',
    'Platelet Count',
  ]),
  m('si-rbc', SI, 'cbc', '789-8', '10^12/L', '4.50-5.90', 2, [
    'Red cell count',
    'RBC',
    'Red blood cells',
    'Red Cell Count',
  ]),
  m('si-hct', SI, 'cbc', '4544-3', 'L/L', '0.400-0.500', 3, [
    'Haematocrit',
    'HCT',
    'Packed cell volume',
    'Hct',
  ]),
  m('si-mcv', SI, 'cbc', '787-2', 'fL', '80-100', 0, ['MCV', 'Mean cell volume', 'Mean Cell Volume (MCV)']),
  m('si-mch', SI, 'cbc', '785-6', 'pg', '27.0-32.0', 1, [
    'MCH',
    'Mean cell haemoglobin',
    'Mean Cell Haemoglobin (MCH)',
  ]),
  m('si-neut', SI, 'cbc', '751-8', '10^9/L', '2.0-7.5', 1, [
    'Neutrophils',
    'Neutrophil count',
    'Neutrophils (absolute)',
    'Neut count',
  ]),
  m('si-lymph', SI, 'cbc', '731-0', '10^9/L', '1.0-4.0', 1, [
    'Lymphocytes',
    'Lymphocyte count',
    'Lymphocytes (absolute)',
    'Lymph count',
  ]),
  m('si-na', SI, 'renal', '2951-2', 'mmol/L', '133-146', 0, ['Sodium', 'Serum sodium', 'Na', 'Sodium level']),
  m('si-k', SI, 'renal', '2823-3', 'mmol/L', '3.5-5.3', 1, [
    'Potassium',
    'Serum potassium',
    'K',
    'Potassium level',
  ]),
  m('si-urea', SI, 'renal', '22664-7', 'mmol/L', '2.5-7.8', 1, [
    'Urea',
    'Serum urea',
    'Urea level',
    'Plasma urea',
  ]),
  m('si-creat', SI, 'renal', '14682-9', 'umol/L', '59-104', 0, [
    'Creatinine',
    'Serum creatinine',
    'Creat',
    'Plasma creatinine',
  ]),
  m('si-egfr', SI, 'renal', '98979-8', 'mL/min/1.73m2', '>60', 0, [
    'eGFR',
    'Estimated GFR',
    'eGFR (CKD-EPI 2021)',
    'GFR (estimated)',
  ]),
  m('si-bili', SI, 'liver', '14631-6', 'umol/L', '0-21', 0, [
    'Bilirubin',
    'Total bilirubin',
    'Serum bilirubin',
    'Bilirubin (total)',
  ]),
  m('si-alt', SI, 'liver', '1742-6', 'U/L', '0-40', 0, [
    'ALT',
    'Alanine transaminase',
    'Alanine aminotransferase (ALT)',
    'ALT (alanine transaminase)',
  ]),
  m('si-alp', SI, 'liver', '6768-6', 'U/L', '30-130', 0, [
    'Alkaline phosphatase',
    'ALP',
    'Alk phos',
    'Alkaline Phosphatase (ALP)',
  ]),
  m('si-alb', SI, 'liver', '1751-7', 'g/L', '35-50', 0, ['Albumin', 'Serum albumin', 'Plasma albumin']),
  m('si-tp', SI, 'liver', '2885-2', 'g/L', '60-80', 0, [
    'Total protein',
    'Protein, total',
    'Serum total protein',
  ]),
  m('si-ggt', SI, 'liver', '2324-2', 'U/L', '0-60', 0, [
    'Gamma GT',
    'GGT',
    'Gamma-glutamyl transferase',
    'Gamma glutamyltransferase',
  ]),
  m('si-crp', SI, 'misc', '1988-5', 'mg/L', '<5', 0, [
    'CRP',
    'C-reactive protein',
    'C reactive protein',
    'Serum CRP',
  ]),
  m('si-a1c', SI, 'diabetes', '59261-8', 'mmol/mol', '20-41', 0, [
    'HbA1c',
    'Haemoglobin A1c',
    'HbA1c (IFCC)',
    'Glycated haemoglobin',
  ]),
  m('si-glu', SI, 'diabetes', '14749-6', 'mmol/L', '3.0-6.0', 1, [
    'Glucose',
    'Plasma glucose',
    'Serum glucose',
    'Glucose level',
  ]),
  m('si-chol', SI, 'lipid', '14647-2', 'mmol/L', '<5.0', 1, [
    'Total cholesterol',
    'Cholesterol',
    'Serum cholesterol',
    'Cholesterol (total)',
  ]),
  m('si-hdl', SI, 'lipid', '14646-4', 'mmol/L', '>1.0', 1, [
    'HDL cholesterol',
    'HDL',
    'Serum HDL cholesterol',
    'HDL-C',
  ]),
  m('si-trig', SI, 'lipid', '14927-8', 'mmol/L', '<1.7', 1, [
    'Triglycerides',
    'Triglyceride',
    'Serum triglycerides',
    'Fasting triglycerides',
  ]),
  m('si-ldl', SI, 'lipid', '22748-8', 'mmol/L', '<3.0', 1, [
    'LDL cholesterol',
    'LDL-C',
    'Calculated LDL cholesterol',
    'LDL',
  ]),
  m('si-tsh', SI, 'thyroid', '3016-3', 'mU/L', '0.27-4.20', 2, [
    'TSH',
    'Thyroid stimulating hormone',
    'Serum TSH',
    'TSH level',
  ]),
  m('si-ft4', SI, 'thyroid', '14920-3', 'pmol/L', '12.0-22.0', 1, [
    'Free T4',
    'Free thyroxine',
    'FT4',
    'Free thyroxine (FT4)',
  ]),
  m('si-ferr', SI, 'iron', '2276-4', 'ug/L', '30-400', 0, ['Ferritin', 'Serum ferritin', 'Ferritin level']),
  m('si-b12', SI, 'iron', '2132-9', 'ng/L', '197-771', 0, [
    'Vitamin B12',
    'Serum vitamin B12',
    'B12',
    'Serum B12',
  ]),
  m('si-fol', SI, 'iron', '2284-8', 'ug/L', '3.9-26.8', 1, ['Folate', 'Serum folate', 'Folic acid']),
  m('si-ca', SI, 'renal', '2000-8', 'mmol/L', '2.20-2.60', 2, ['Calcium', 'Serum calcium', 'Total calcium']),
  m('si-adjca', SI, 'renal', '29265-6', 'mmol/L', '2.20-2.60', 2, [
    'Adjusted calcium',
    'Corrected calcium',
    'Calcium (corrected)',
    'Albumin-adjusted calcium',
  ]),
  m('si-phos', SI, 'renal', '14879-1', 'mmol/L', '0.80-1.50', 2, [
    'Phosphate',
    'Serum phosphate',
    'Inorganic phosphate',
    'Phosphate level',
  ]),
  m('si-mg', SI, 'renal', '2601-3', 'mmol/L', '0.70-1.00', 2, ['Magnesium', 'Serum magnesium', 'Mg']),
  m('si-urate', SI, 'renal', '14933-6', 'umol/L', '200-430', 0, [
    'Urate',
    'Uric acid',
    'Serum urate',
    'Serum uric acid',
  ]),
  m('si-inr', SI, 'coag', '6301-6', null, '0.8-1.2', 1, [
    'INR',
    'International normalised ratio',
    'Prothrombin ratio (INR)',
  ]),
  m('si-esr', SI, 'misc', '30341-2', 'mm/hr', '1-20', 0, [
    'ESR',
    'Erythrocyte sedimentation rate',
    'Sed rate',
  ]),
  m('au-bicarb', ['au'], 'renal', '1963-8', 'mmol/L', '22-32', 0, [
    'Bicarbonate',
    'HCO3',
    'Bicarbonate (total)',
  ]),
  m('au-cl', ['au'], 'renal', '2075-0', 'mmol/L', '95-110', 0, ['Chloride', 'Cl', 'Serum chloride']),
  m('au-ld', ['au'], 'liver', '2532-0', 'U/L', '120-250', 0, ['LD', 'Lactate dehydrogenase', 'LDH']),

  // ---- Canada, SI units, US spelling
  m('ca-hgb', CA, 'cbc', '718-7', 'g/L', '120-160', 0, ['Hemoglobin', 'Hgb', 'Hemoglobin (Hgb)']),
  m('ca-wbc', CA, 'cbc', '6690-2', 'x10E9/L', '4.0-11.0', 1, ['WBC', 'White Blood Cells', 'Leukocytes']),
  m('ca-plt', CA, 'cbc', '777-3', 'x10E9/L', '150-400', 0, ['Platelets', 'Platelet Count', 'PLT']),
  m('ca-rbc', CA, 'cbc', '789-8', 'x10E12/L', '4.00-5.10', 2, ['RBC', 'Red Blood Cells', 'Erythrocytes']),
  m('ca-hct', CA, 'cbc', '4544-3', 'L/L', '0.350-0.450', 3, ['Hematocrit', 'Hct', 'Hematocrit (Hct)']),
  m('ca-mcv', CA, 'cbc', '787-2', 'fL', '80-100', 0, ['MCV', 'Mean Corpuscular Volume']),
  m('ca-glu', CA, 'diabetes', '14749-6', 'mmol/L', '3.6-6.0', 1, [
    'Glucose',
    'Glucose Random',
    'Glucose, Plasma',
    'Random Glucose',
  ]),
  m('ca-a1c', CA, 'diabetes', '4548-4', '%', '4.0-6.0', 1, [
    'Hemoglobin A1C',
    'HbA1c',
    'Glycated Hemoglobin',
    'A1C',
  ]),
  m('ca-creat', CA, 'renal', '14682-9', 'umol/L', '50-100', 0, [
    'Creatinine',
    'Creatinine, Serum',
    'Serum Creatinine',
  ]),
  m('ca-egfr', CA, 'renal', '98979-8', 'mL/min/1.73m2', '>60', 0, ['eGFR', 'Estimated GFR', 'GFR Estimated']),
  m('ca-na', CA, 'renal', '2951-2', 'mmol/L', '135-145', 0, ['Sodium', 'Na', 'Sodium, Serum']),
  m('ca-k', CA, 'renal', '2823-3', 'mmol/L', '3.5-5.0', 1, ['Potassium', 'K', 'Potassium, Serum']),
  m('ca-alt', CA, 'liver', '1742-6', 'U/L', '0-40', 0, ['ALT', 'Alanine Aminotransferase', 'ALT (SGPT)']),
  m('ca-chol', CA, 'lipid', '14647-2', 'mmol/L', '<5.20', 2, [
    'Cholesterol',
    'Total Cholesterol',
    'Cholesterol, Total',
  ]),
  m('ca-hdl', CA, 'lipid', '14646-4', 'mmol/L', '>1.00', 2, ['HDL Cholesterol', 'HDL-C', 'Cholesterol, HDL']),
  m('ca-trig', CA, 'lipid', '14927-8', 'mmol/L', '<1.70', 2, [
    'Triglycerides',
    'Triglyceride',
    'Triglycerides, Serum',
  ]),
  m('ca-ldl', CA, 'lipid', '22748-8', 'mmol/L', '<3.50', 2, ['LDL Cholesterol', 'LDL-C', 'Cholesterol, LDL']),
  m('ca-ratio', CA, 'lipid', '9830-1', null, '<5.0', 1, [
    'Chol/HDL Ratio',
    'Cholesterol/HDL Ratio',
    'Total Chol/HDL Ratio',
  ]),
  m('ca-tsh', CA, 'thyroid', '3016-3', 'mU/L', '0.32-4.00', 2, [
    'TSH',
    'Thyroid Stimulating Hormone',
    'Thyrotropin',
  ]),
  m('ca-ferr', CA, 'iron', '2276-4', 'ug/L', '15-247', 0, ['Ferritin', 'Ferritin, Serum']),
  m('ca-b12', CA, 'iron', '2132-9', 'pmol/L', '>220', 0, ['Vitamin B12', 'B12', 'Cobalamin']),

  // ---- India, conventional units, Indian lab wording
  m('in-hb', IN, 'cbc', '718-7', 'g/dL', '13.0-17.0', 1, [
    'Haemoglobin (Hb)',
    'Hemoglobin',
    'Haemoglobin',
    'Hb',
  ]),
  m('in-tlc', IN, 'cbc', '6690-2', '10^3/uL', '4.0-10.0', 2, [
    'Total Leucocyte Count (TLC)',
    'Total WBC Count',
    'TLC',
    'Total Leukocyte Count',
  ]),
  m('in-rbc', IN, 'cbc', '789-8', '10^6/uL', '4.50-5.50', 2, [
    'RBC Count',
    'Total RBC Count',
    'Red Blood Cell Count',
  ]),
  m('in-pcv', IN, 'cbc', '4544-3', '%', '40.0-50.0', 1, [
    'Packed Cell Volume (PCV)',
    'PCV',
    'Haematocrit (PCV)',
    'Hematocrit',
  ]),
  m('in-mcv', IN, 'cbc', '787-2', 'fL', '83-101', 0, [
    'MCV',
    'Mean Corpuscular Volume (MCV)',
    'Mean Corp. Volume',
  ]),
  m('in-plt', IN, 'cbc', '777-3', '10^3/uL', '150-410', 0, [
    'Platelet Count',
    'Platelets',
    'Total Platelet Count',
  ]),
  m('in-esr', IN, 'cbc', '30341-2', 'mm/hr', '0-15', 0, [
    'ESR',
    'Erythrocyte Sedimentation Rate (ESR)',
    'E.S.R.',
  ]),
  m('in-fbs', IN, 'diabetes', '1558-6', 'mg/dL', '70-100', 0, [
    'Fasting Blood Sugar (FBS)',
    'Glucose Fasting',
    'Fasting Plasma Glucose',
    'Blood Sugar Fasting',
  ]),
  m('in-a1c', IN, 'diabetes', '4548-4', '%', '4.0-5.6', 1, [
    'Glycosylated Haemoglobin (HbA1c)',
    'HbA1c',
    'Glycated Haemoglobin',
    'HbA1c (Glycosylated Hemoglobin)',
  ]),
  m('in-urea', IN, 'renal', '3091-6', 'mg/dL', '17-43', 0, [
    'Blood Urea',
    'Urea',
    'Serum Urea',
    'Urea, Serum',
  ]),
  m('in-creat', IN, 'renal', '2160-0', 'mg/dL', '0.70-1.30', 2, [
    'Serum Creatinine',
    'Creatinine',
    'Creatinine, Serum',
  ]),
  m('in-uric', IN, 'renal', '3084-1', 'mg/dL', '3.5-7.2', 1, [
    'Uric Acid',
    'Serum Uric Acid',
    'Uric Acid, Serum',
  ]),
  m('in-na', IN, 'renal', '2951-2', 'mEq/L', '136-145', 0, ['Serum Sodium', 'Sodium (Na+)', 'Sodium']),
  m('in-k', IN, 'renal', '2823-3', 'mEq/L', '3.5-5.1', 1, ['Serum Potassium', 'Potassium (K+)', 'Potassium']),
  m('in-bili', IN, 'liver', '1975-2', 'mg/dL', '0.3-1.2', 1, [
    'Bilirubin Total',
    'Serum Bilirubin (Total)',
    'Total Bilirubin',
  ]),
  m('in-sgot', IN, 'liver', '1920-8', 'U/L', '0-40', 0, [
    'SGOT (AST)',
    'Aspartate Aminotransferase (AST)',
    'AST (SGOT)',
    'SGOT',
  ]),
  m('in-sgpt', IN, 'liver', '1742-6', 'U/L', '0-41', 0, [
    'SGPT (ALT)',
    'Alanine Aminotransferase (ALT)',
    'ALT (SGPT)',
    'SGPT',
  ]),
  m('in-alp', IN, 'liver', '6768-6', 'U/L', '40-129', 0, [
    'Alkaline Phosphatase (ALP)',
    'Alkaline Phosphatase',
    'ALP',
  ]),
  m('in-chol', IN, 'lipid', '2093-3', 'mg/dL', '<200', 0, [
    'Total Cholesterol',
    'Cholesterol - Total',
    'Serum Cholesterol',
    'Cholesterol, Total',
  ]),
  m('in-trig', IN, 'lipid', '2571-8', 'mg/dL', '<150', 0, [
    'Triglycerides',
    'Serum Triglycerides',
    'Triglycerides, Serum',
  ]),
  m('in-hdl', IN, 'lipid', '2085-9', 'mg/dL', '>40', 0, [
    'HDL Cholesterol - Direct',
    'HDL Cholesterol',
    'H.D.L. Cholesterol',
    'HDL-C',
  ]),
  m('in-ldl', IN, 'lipid', '13457-7', 'mg/dL', '<100', 0, [
    'LDL Cholesterol (Calculated)',
    'LDL Cholesterol',
    'L.D.L. Cholesterol (calc)',
  ]),
  m('in-vldl', IN, 'lipid', '13458-5', 'mg/dL', '<30', 0, [
    'VLDL Cholesterol',
    'VLDL',
    'V.L.D.L. Cholesterol',
  ]),
  m('in-tsh', IN, 'thyroid', '3016-3', 'uIU/mL', '0.27-4.20', 2, [
    'Thyroid Stimulating Hormone (TSH)',
    'TSH',
    'T.S.H.',
    'TSH - Thyroid Stimulating Hormone',
  ]),
  m('in-t3', IN, 'thyroid', '3053-6', 'ng/dL', '80-200', 0, [
    'Total T3',
    'Triiodothyronine (T3)',
    'T3, Total',
    'T3 - Triiodothyronine',
  ]),
  m('in-t4', IN, 'thyroid', '3026-2', 'ug/dL', '5.1-14.1', 1, [
    'Total T4',
    'Thyroxine (T4)',
    'T4, Total',
    'T4 - Thyroxine',
  ]),
  m('in-vitd', IN, 'misc', '62292-8', 'ng/mL', '30.0-100.0', 1, [
    '25-OH Vitamin D (Total)',
    'Vitamin D Total',
    'Vitamin D, 25-Hydroxy',
    '25 Hydroxy Vitamin D',
  ]),
  m('in-b12', IN, 'iron', '2132-9', 'pg/mL', '211-911', 0, [
    'Vitamin B12',
    'Cyanocobalamin',
    'Vitamin B12 (Cyanocobalamin)',
  ]),
];

/** Panel headings as labs of each region print them (one is drawn per panel, seeded). */
export const PANEL_TITLES: Record<Region, Partial<Record<Group, readonly string[]>>> = {
  us: {
    cbc: ['COMPLETE BLOOD COUNT (CBC)', 'CBC With Differential', 'Hematology'],
    renal: ['Comprehensive Metabolic Panel', 'BASIC METABOLIC PANEL', 'Chemistry'],
    liver: ['Hepatic Function Panel', 'LIVER PANEL', 'Liver Function'],
    lipid: ['Lipid Panel', 'LIPID PROFILE', 'Lipids'],
    thyroid: ['Thyroid Panel', 'THYROID FUNCTION', 'Thyroid'],
    diabetes: ['Diabetes Monitoring', 'HEMOGLOBIN A1C', 'Glycemic Control'],
    iron: ['Anemia Panel', 'IRON STUDIES', 'Vitamins and Iron'],
    misc: ['Other Tests', 'SPECIAL CHEMISTRY', 'Additional Tests'],
    urine: ['URINALYSIS, COMPLETE', 'Urinalysis', 'Urine Macroscopic'],
    coag: ['Coagulation', 'PT/INR', 'COAGULATION STUDIES'],
    serology: ['Infectious Disease Serology', 'HEPATITIS SCREEN', 'Serology'],
  },
  uk: {
    cbc: ['FULL BLOOD COUNT', 'Full blood count (FBC)', 'Haematology'],
    renal: ['Urea & Electrolytes', 'U&E', 'RENAL FUNCTION', 'Bone profile'],
    liver: ['Liver function tests', 'LFT', 'LIVER PROFILE'],
    lipid: ['Lipid profile', 'LIPIDS', 'Cardiovascular risk'],
    thyroid: ['Thyroid function tests', 'TFT', 'THYROID'],
    diabetes: ['Diabetes', 'HbA1c', 'GLYCAEMIC CONTROL'],
    iron: ['Haematinics', 'IRON STUDIES', 'Vitamin B12 and folate'],
    misc: ['Inflammatory markers', 'OTHER', 'Special biochemistry'],
    coag: ['Coagulation screen', 'CLOTTING'],
  },
  au: {
    cbc: ['FULL BLOOD EXAMINATION', 'Full Blood Count', 'Haematology'],
    renal: ['Electrolytes, Urea, Creatinine (EUC)', 'E/LFT', 'BIOCHEMISTRY'],
    liver: ['Liver Function Tests', 'LFT', 'LIVER PANEL'],
    lipid: ['Lipid Studies', 'FASTING LIPIDS', 'Lipids'],
    thyroid: ['Thyroid Function', 'TFT', 'THYROID STUDIES'],
    diabetes: ['Glycated Haemoglobin', 'DIABETES', 'HbA1c'],
    iron: ['Iron Studies', 'HAEMATINICS', 'B12/Folate'],
    misc: ['Inflammatory Markers', 'OTHER TESTS', 'Miscellaneous'],
    coag: ['Coagulation', 'INR'],
  },
  ca: {
    cbc: ['HEMATOLOGY', 'Complete Blood Count', 'CBC'],
    renal: ['CHEMISTRY', 'Renal Function', 'Electrolytes'],
    liver: ['Liver Enzymes', 'LIVER'],
    lipid: ['LIPID ASSESSMENT', 'Lipid Profile', 'Lipids'],
    thyroid: ['ENDOCRINOLOGY', 'Thyroid'],
    diabetes: ['Diabetes Assessment', 'GLUCOSE METABOLISM'],
    iron: ['Iron/Vitamins', 'NUTRITION'],
  },
  in: {
    cbc: ['COMPLETE HAEMOGRAM', 'Complete Blood Count (CBC)', 'HAEMATOLOGY'],
    renal: ['KIDNEY FUNCTION TEST (KFT)', 'Renal Function Test (RFT)', 'KIDNEY PROFILE'],
    liver: ['LIVER FUNCTION TEST (LFT)', 'Liver Profile', 'HEPATIC PROFILE'],
    lipid: ['LIPID PROFILE', 'Lipid Profile, Serum', 'CARDIAC RISK PROFILE'],
    thyroid: ['THYROID PROFILE - TOTAL', 'Thyroid Function Test', 'THYROID PROFILE'],
    diabetes: ['DIABETES SCREENING', 'Glucose Profile', 'BLOOD SUGAR'],
    iron: ['VITAMIN PROFILE', 'Vitamins'],
    misc: ['SPECIAL TESTS', 'Vitamin D'],
  },
};

export function markersFor(region: Region): Marker[] {
  return MARKERS.filter((mk) => mk.regions.includes(region));
}
