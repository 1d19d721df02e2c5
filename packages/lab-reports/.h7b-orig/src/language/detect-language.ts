/**
 * Whole-document language check: counts hits in small English / German / Spanish / French / Italian / Portuguese
 * lexicons (function words plus lab-report vocabulary). No model download, no network.
 */

const LEXICONS: Record<string, string> = {
  en: `the and of to in for with on at by from is are was were be this that these those it as or not no an a
    your you our we please if any all has have than which
    patient name date birth collected collection reported report received result results reference range units
    test tests specimen physician ordering final page of laboratory lab normal high low abnormal negative positive
    detected not total blood count cells cell serum urine plasma panel comprehensive metabolic lipid cholesterol
    glucose hemoglobin hematocrit platelets protein albumin creatinine sodium potassium chloride calcium iron
    vitamin thyroid stimulating hormone free white red mean volume ratio absolute direct calculated fasting
    specific gravity color appearance clear yellow ketones nitrite leukocyte esterase occult bilirubin urobilinogen
    sex male female age account status interval flag comment comments note`,
  de: `der die das und von zu mit den dem des ein eine einer ist im für auf nicht bei oder wird sind aus als
    auch wie bitte sie ihr
    patient patientin name geburtsdatum datum befund befunde ergebnis ergebnisse einheit einheiten referenzbereich
    normbereich probe entnahme eingang material labor laboratorium arzt untersuchung blutbild kleines großes
    glukose hämoglobin hämatokrit thrombozyten leukozyten erythrozyten gesamt cholesterin kreatinin natrium kalium
    harnstoff eiweiß urin serum negativ positiv geschlecht männlich weiblich seite endbefund bemerkung hinweis
    auftragsnummer eingangsdatum entnahmedatum befunddatum`,
  es: `el la los las de del y en con por para un una es son al que no se su o lo como más sus
    paciente nombre fecha nacimiento resultado resultados unidad unidades referencia rango valores intervalo muestra
    toma laboratorio clínico médico informe análisis examen prueba pruebas hemograma glucosa hemoglobina
    hematocrito plaquetas leucocitos colesterol creatinina sodio potasio orina suero sangre negativo positivo sexo
    masculino femenino página final observaciones solicitante edad años`,
  fr: `le la les de des du et en un une est pour avec par sur au aux ne pas que qui dans ce
    patient nom date naissance résultat résultats unité unités valeurs référence intervalle prélèvement
    échantillon laboratoire analyse analyses médecin compte rendu bilan glycémie hémoglobine plaquettes leucocytes
    cholestérol créatinine sodium potassium urine sang négatif positif sexe masculin féminin page`,
  it: `il lo la gli le di del della e in con per un una è sono al non che da
    paziente nome data nascita risultato risultati unità riferimento valori intervallo campione prelievo
    laboratorio analisi esame medico emocromo glicemia emoglobina piastrine colesterolo creatinina urine sangue
    negativo positivo sesso maschile femminile pagina`,
  pt: `o a os as de do da dos das e em com por para um uma é são ao não que se
    paciente nome data nascimento resultado resultados unidade unidades referência valores intervalo amostra
    coleta laboratório exame exames médico hemograma glicose hemoglobina plaquetas colesterol creatinina urina
    sangue negativo positivo sexo masculino feminino página`,
};

const WORDS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(LEXICONS).map(([lang, text]) => [lang, new Set(text.split(/\s+/).filter(Boolean))]),
);

/** Letters of other languages that English reports do not print. */
const FOREIGN_LETTERS = /[äöüßñáéíóúàèìòùâêîôûçãõ¿¡]/giu;

export interface LanguageGuess {
  language: string;
  /** Lexicon hits per language. */
  scores: Record<string, number>;
  /** Word tokens considered. */
  words: number;
}

export function detectLanguage(text: string): LanguageGuess {
  const tokens = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores: Record<string, number> = {};
  for (const lang of Object.keys(WORDS)) scores[lang] = 0;
  for (const token of tokens) {
    const hits = Object.keys(WORDS).filter((lang) => WORDS[lang]?.has(token));
    // A word shared by several lexicons counts for each, weighted down.
    for (const lang of hits) scores[lang] = (scores[lang] ?? 0) + 1 / hits.length;
  }
  const foreignLetters = (text.match(FOREIGN_LETTERS) ?? []).length;
  for (const lang of Object.keys(scores))
    if (lang !== 'en') scores[lang] = (scores[lang] ?? 0) + foreignLetters * 0.5;
  const [best] = Object.entries(scores).sort((a, b) => b[1] - a[1]);
  return { language: best && best[1] > 0 ? best[0] : 'unknown', scores, words: tokens.length };
}

/** True when the document text is clearly not English (enough words, another language ahead of English). */
export function isNotEnglish(text: string): boolean {
  const guess = detectLanguage(text);
  if (guess.words < 15) return false;
  const english = guess.scores.en ?? 0;
  const other = Math.max(
    ...Object.entries(guess.scores)
      .filter(([l]) => l !== 'en')
      .map(([, s]) => s),
  );
  return other > english * 1.2 && other >= 5;
}
