import type { ProviderConnection, User } from '@meridian/domain';
import {
  resourceAvailabilityWire,
  toProviderWithStatus,
  toUserResponse,
  wireDateTime,
} from './users.presenter';

const created = new Date('2026-01-02T03:04:05.678Z');

const user: User = {
  id: '3f1c7f0e-8d0b-4c53-9a0e-2f5d6a1b9c7e',
  teamId: '0e6f1a6e-8d0b-4c53-9a0e-2f5d6a1b9c7e',
  environment: 'sandbox',
  clientUserId: 'u-1',
  createdOn: created,
  fallbackTimeZone: { value: 'Europe/Paris', sourceSlug: 'manual', updatedAt: created },
  fallbackBirthDate: null,
  ingestionStart: '2025-01-01',
  ingestionEnd: null,
  deletedAt: null,
};

function connection(over: Partial<ProviderConnection> = {}): ProviderConnection {
  return {
    id: 'c1',
    userId: user.id,
    provider: 'oura',
    status: 'connected',
    externalUserId: null,
    errorDetails: null,
    resourceAvailability: {},
    createdOn: created,
    ...over,
  };
}

describe('users presenter', () => {
  it('emits UTC date-times with +00:00', () => {
    expect(wireDateTime(created)).toBe('2026-01-02T03:04:05.678+00:00');
  });

  it('serializes every User key, null when unknown', () => {
    expect(toUserResponse(user, [connection()])).toEqual({
      user_id: user.id,
      team_id: user.teamId,
      client_user_id: 'u-1',
      created_on: '2026-01-02T03:04:05.678+00:00',
      connected_sources: [
        {
          provider: {
            name: 'Oura',
            slug: 'oura',
            logo: 'https://storage.meridian.health/providers/oura.png',
          },
          source: { name: 'Oura', slug: 'oura', logo: 'https://storage.meridian.health/providers/oura.png' },
          created_on: '2026-01-02T03:04:05.678+00:00',
        },
      ],
      fallback_time_zone: {
        id: 'Europe/Paris',
        source_slug: 'manual',
        updated_at: '2026-01-02T03:04:05.678+00:00',
      },
      fallback_birth_date: null,
      ingestion_start: '2025-01-01',
      ingestion_end: null,
    });
  });

  it('keeps a connection whose slug left the catalog, named by its slug', () => {
    expect(toProviderWithStatus(connection({ provider: 'retired_provider' }))).toMatchObject({
      name: 'retired_provider',
      slug: 'retired_provider',
      logo: '',
    });
  });

  it('fills error_details only for status error, defaulting unknown parts', () => {
    expect(
      toProviderWithStatus(
        connection({ errorDetails: { error_type: 'x', error_message: 'm', errored_at: 'x' } }),
      ).error_details,
    ).toBeNull();
    expect(
      toProviderWithStatus(
        connection({
          status: 'error',
          errorDetails: { error_type: 'made_up', error_message: 'boom', errored_at: 'garbage' },
        }),
      ).error_details,
    ).toEqual({ error_type: 'unknown', error_message: 'boom', errored_at: '2026-01-02T03:04:05.678+00:00' });
    expect(toProviderWithStatus(connection({ status: 'error' })).error_details).toEqual({
      error_type: 'unknown',
      error_message: 'The connection reported an error.',
      errored_at: '2026-01-02T03:04:05.678+00:00',
    });
  });

  it('keeps only known resources with a valid status in resource_availability', () => {
    expect(
      resourceAvailabilityWire({
        sleep: { status: 'available' },
        steps: { status: 'maybe' },
        bogus: { status: 'available' },
        hrv: { status: 'unavailable', scope_requirements: { user_granted: { required: ['a', 1] } } },
      }),
    ).toEqual({
      sleep: { status: 'available', scope_requirements: null },
      hrv: {
        status: 'unavailable',
        scope_requirements: {
          user_granted: { required: ['a'], optional: [] },
          user_denied: { required: [], optional: [] },
        },
      },
    });
  });
});
