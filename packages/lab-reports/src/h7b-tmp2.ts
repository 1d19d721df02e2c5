import { matchLoinc, LOINC_CATALOG } from './loinc';
for (const n of ['K', 'Cl', 'Total CO2', 'CO2', 'T.S.H.', '25-Hydroxyvitamin D', 'Color', 'Appearance']) {
  const r = matchLoinc({ testName: n, units: 'mmol/L', limit: 2 });
  console.log(n, '=>', r.status, r.matches.map((m) => [m.loinc_code, m.display_name, m.confidence_score]));
}
console.log(LOINC_CATALOG.filter((e) => e.abbreviations.includes('K') || e.abbreviations.includes('Cl')).map((e) => e.abbreviations));
