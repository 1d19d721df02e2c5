import { detectLanguage, isNotEnglish } from './detect-language';

const ENGLISH = `LABORATORY REPORT Patient: DOE, JANE DOB: 03/14/1975 Collection Date: 03/14/2024
  Test Result Units Reference Range Flag Glucose 95 mg/dL 70-99 Hemoglobin A1c 5.9 % <5.7 H
  Cholesterol, Total 189 mg/dL <200 Comments: Fasting specimen. Results reviewed by the laboratory director.`;
const GERMAN = `Laborbefund Patient: Müller, Anna Geburtsdatum: 14.03.1975 Entnahme: 14.03.2024
  Untersuchung Ergebnis Einheit Referenzbereich Glukose 95 mg/dl 70-99 Hämoglobin 13,5 g/dl 12-16
  Cholesterin gesamt 189 mg/dl <200 Bemerkung: Die Probe wurde nüchtern entnommen und ist für die Befundung geeignet.`;
const SPANISH = `Informe de laboratorio Paciente: García, Ana Fecha de nacimiento: 14/03/1975 Toma de muestra
  Prueba Resultado Unidades Valores de referencia Glucosa 95 mg/dL 70-99 Hemoglobina 13.5 g/dL 12-16
  Colesterol total 189 mg/dL <200 Observaciones: la muestra se tomó en ayunas y es adecuada para el análisis.`;

describe('language detection', () => {
  it('accepts an English report', () => {
    expect(isNotEnglish(ENGLISH)).toBe(false);
    expect(detectLanguage(ENGLISH).language).toBe('en');
  });

  it('refuses German and Spanish reports', () => {
    expect(detectLanguage(GERMAN).language).toBe('de');
    expect(isNotEnglish(GERMAN)).toBe(true);
    expect(detectLanguage(SPANISH).language).toBe('es');
    expect(isNotEnglish(SPANISH)).toBe(true);
  });

  it('does not judge a handful of words', () => {
    expect(isNotEnglish('Glukose 95 Hämoglobin 13')).toBe(false);
  });
});
