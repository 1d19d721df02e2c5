import type { SummaryInput } from '@meridian/ingestion';
import { OURA_SOURCE } from './oura-api';
import type { OuraPersonalInfo } from './oura-types';

/**
 * Oura personal info → the `profile` summary. Oura gives height in metres (profile height is cm) and only
 * an age, not a birth date, so `birth_date` stays empty rather than invented.
 */
export function mapOuraPersonalInfo(info: OuraPersonalInfo): SummaryInput[] {
  if (typeof info.id !== 'string' || info.id === '') return [];
  const sex = info.biological_sex === 'female' || info.biological_sex === 'male' ? info.biological_sex : null;
  return [
    {
      kind: 'profile',
      source: { ...OURA_SOURCE },
      provider_id: info.id,
      fields: {
        height:
          typeof info.height === 'number' && info.height > 0 ? Math.round(info.height * 1000) / 10 : null,
        sex,
        gender: sex,
      },
    },
  ];
}
