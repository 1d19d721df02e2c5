import type { SummaryInput } from '@meridian/ingestion';
import { FITBIT_SOURCE } from './fitbit-api';
import { isLocalDate } from './fitbit-time';
import type { FitbitProfile } from './fitbit-types';

/** The Fitbit profile → the `profile` summary (height in cm with metric units). */
export function mapFitbitProfile(user: FitbitProfile): SummaryInput[] {
  if (typeof user.encodedId !== 'string' || user.encodedId === '') return [];
  const sex = user.gender === 'FEMALE' ? 'female' : user.gender === 'MALE' ? 'male' : null;
  return [
    {
      kind: 'profile',
      source: { ...FITBIT_SOURCE },
      provider_id: user.encodedId,
      fields: {
        height: typeof user.height === 'number' && user.height > 0 ? user.height : null,
        birth_date: isLocalDate(user.dateOfBirth) ? user.dateOfBirth : null,
        sex,
        gender: sex ?? 'unknown',
      },
    },
  ];
}
