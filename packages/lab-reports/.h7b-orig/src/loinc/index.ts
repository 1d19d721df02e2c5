export { LOINC_CATALOG, LOINC_NOTICE } from './catalog';
export { isValidLoincCode, loincCheckDigit } from './check-digit';
export { LoincMatcher, defaultLoincMatcher, matchLoinc } from './match-loinc';
export type { LoincEntry, MatchLoincInput, MatchLoincResult } from './types';
