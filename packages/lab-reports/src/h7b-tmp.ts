import { matchLoinc } from './loinc';
for (const n of process.argv.slice(2)) {
  const r = matchLoinc({ testName: n, units: null, limit: 2 });
  console.log(n, '=>', r.status, r.matches.map((m) => [m.loinc_code, m.display_name, m.confidence_score]));
}
