import {
  hashKey,
  newId,
  NotFoundError,
  ValidationError,
  type Environment,
  type Region,
  type ValidationIssue,
} from '@meridian/domain';
import type { CursorCodec, SecretBox } from '@meridian/platform';
import type { components } from '../../generated/openapi';
import { canReachTeam, type ManagementPrincipal } from '../../auth/principal';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { MANAGEMENT_PAGE_SIZE } from '../shared/page';
import { isOAuthProvider } from '../shared/provider-capabilities';
import type { UnitOfWork } from '../shared/unit-of-work';
import { toWireDateTime } from '../shared/wire-time';
import {
  parseCredentialDetails,
  redactCredentialDetails,
  restoreRedactedSecrets,
  type CredentialDetails,
} from './credential-details';
import type { CredentialPlace, TeamCredentialRow } from './custom-credentials.repository';
import { preparationOf, type Preparation } from './preparation-steps';
import { parseRedirectUrlOverride } from './redirect-url-override';

/** `TeamCredential` (api-shapes §8.3): the secret only as its hash, details redacted. */
export type TeamCredential = components['schemas']['TeamCredential'];

/** `POST …/team_custom_credentials`: omitted keys keep their stored value, `null` clears. */
export interface SetTeamCredentialInput {
  team_id: string;
  provider: string;
  client_id?: string | null;
  client_secret?: string | null;
  details?: Record<string, unknown> | null;
  redirect_url_override?: string | null;
}

export interface CredentialDeletion {
  success: string[];
  failure: string[];
  not_found: string[];
}

export interface CredentialWhere {
  orgId: string;
  environment: Environment;
  region: Region;
}

export function createCustomCredentialsService(deps: {
  uow: UnitOfWork<'customCredentials'>;
  region: Region;
  clock: () => Date;
  secretBox: SecretBox;
  dataApiPublicUrl: string;
  /** Seals and opens `next_cursor` (issue 11). */
  cursors: CursorCodec;
}) {
  const { uow, secretBox } = deps;

  /** A deployment serves one region (api-shapes §1): the other one is not found here. */
  function placeOf(where: CredentialWhere): CredentialPlace {
    if (where.region !== deps.region) {
      throw new NotFoundError(`This deployment does not serve region '${where.region}'.`);
    }
    return where;
  }

  const teamNotFound = () => new NotFoundError('Team not found in this region.');

  const openDetails = (row: Pick<TeamCredentialRow, 'details_sealed'>): CredentialDetails | null =>
    row.details_sealed ? (JSON.parse(secretBox.open(row.details_sealed)) as CredentialDetails) : null;

  function toTeamCredential(row: TeamCredentialRow): TeamCredential {
    const details = openDetails(row);
    return {
      id: row.id,
      client_id: row.client_id,
      client_secret_hash: row.client_secret_hash,
      source: row.provider,
      team_id: row.team_id,
      created_at: toWireDateTime(row.created_at),
      updated_at: toWireDateTime(row.updated_at),
      details: details && redactCredentialDetails(row.provider, details),
      app_url: row.app_url,
      redirect_url_override: row.redirect_url_override,
    };
  }

  /** The body with the client secret hidden, for a 422 `input` (the enclosing object of a missing key). */
  const shownBody = (input: SetTeamCredentialInput) =>
    input.client_secret
      ? { ...input, client_secret: '[redacted]', details: undefined }
      : { ...input, details: undefined };

  /** The secret to store: kept when omitted, cleared by null, else sealed with its SHA-256 beside it. */
  function resolveSecret(
    given: string | null | undefined,
    current: TeamCredentialRow | undefined,
  ): { sealed: string | null; hash: string | null } {
    if (given === undefined) {
      return { sealed: current?.client_secret_sealed ?? null, hash: current?.client_secret_hash ?? null };
    }
    return given === null
      ? { sealed: null, hash: null }
      : { sealed: secretBox.seal(given), hash: hashKey(given) };
  }

  /** An OAuth app needs both halves once the upsert is applied. */
  function assertOAuthClient(
    input: SetTeamCredentialInput,
    clientId: string | null,
    hasSecret: boolean,
  ): void {
    const issues: ValidationIssue[] = [];
    const missing = (key: string, value: unknown) =>
      issues.push({
        loc: ['body', key],
        msg: `An OAuth provider needs ${key}`,
        type: value === null ? 'value_error' : 'missing',
        input: shownBody(input),
        ctx: {},
      });
    if (clientId === null) missing('client_id', input.client_id);
    if (!hasSecret) missing('client_secret', input.client_secret);
    if (issues.length > 0) throw new ValidationError(issues);
  }

  return {
    prepare(where: CredentialWhere, input: { team_id: string; provider: string }): Promise<Preparation> {
      const place = placeOf(where);
      return uow.read(async ({ customCredentials }) => {
        const [teamId] = await customCredentials.teamsOfPlace(place, [input.team_id]);
        if (!teamId) throw teamNotFound();
        return preparationOf(input.provider, teamId, deps.dataApiPublicUrl);
      });
    },

    async list(
      principal: ManagementPrincipal,
      where: CredentialWhere,
      query: { teamIds?: string[]; provider?: string; nextCursor?: string },
    ): Promise<{ credentials: TeamCredential[]; next_cursor: string | null }> {
      const place = placeOf(where);
      const scope = listScope('custom-credentials', place.orgId, place.environment, place.region);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor);
      const named = query.teamIds && [...new Set(query.teamIds.map((id) => id.toLowerCase()))];
      const page = await uow.read(async ({ customCredentials }) => {
        if (named && (await customCredentials.teamsOfPlace(place, named)).length !== named.length) {
          throw teamNotFound();
        }
        return customCredentials.list(
          place,
          {
            teamIds: named,
            provider: query.provider,
            reachableTeamIds: principal.role === 'org_admin' ? undefined : principal.teamIds,
            after,
          },
          MANAGEMENT_PAGE_SIZE,
        );
      });
      return {
        credentials: page.items.map(toTeamCredential),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    /** Creates or updates the team's credential for the provider in this environment. */
    async set(where: CredentialWhere, input: SetTeamCredentialInput): Promise<TeamCredential> {
      const place = placeOf(where);
      const oauth = isOAuthProvider(input.provider);
      const redirect =
        input.redirect_url_override === undefined || input.redirect_url_override === null
          ? input.redirect_url_override
          : parseRedirectUrlOverride(input.redirect_url_override, ['body', 'redirect_url_override']);
      if (typeof redirect === 'string' && !oauth) {
        throw ValidationError.single(
          ['body', 'redirect_url_override'],
          `Provider '${input.provider}' does not use an OAuth redirect`,
          'value_error',
          redirect,
          {},
        );
      }
      // shape first (422 before 404, api-shapes §2.4); redacted secrets are resolved against the stored ones below
      parseCredentialDetails(input.provider, input.details, ['body', 'details'], { allowRedacted: true });
      const now = deps.clock();
      const row = await uow.write(async ({ customCredentials }) => {
        const [teamId] = await customCredentials.teamsOfPlace(place, [input.team_id]);
        if (!teamId) throw teamNotFound();
        const current = await customCredentials.findForUpdate(teamId, place.environment, input.provider);
        const currentDetails = current ? openDetails(current) : null;
        const details =
          input.details === undefined
            ? currentDetails
            : parseCredentialDetails(
                input.provider,
                restoreRedactedSecrets(input.provider, input.details, currentDetails),
                ['body', 'details'],
              );
        const clientId = input.client_id === undefined ? (current?.client_id ?? null) : input.client_id;
        const secret = resolveSecret(input.client_secret, current);
        if (oauth) assertOAuthClient(input, clientId, secret.sealed !== null);
        return customCredentials.upsert({
          id: current?.id ?? newId(),
          team_id: teamId,
          environment: place.environment,
          provider: input.provider,
          client_id: clientId,
          client_secret_sealed: secret.sealed,
          client_secret_hash: secret.hash,
          details_sealed: details ? secretBox.seal(JSON.stringify(details)) : null,
          app_url: current?.app_url ?? null,
          redirect_url_override: redirect === undefined ? (current?.redirect_url_override ?? null) : redirect,
          created_at: current?.created_at ?? now,
          updated_at: now,
        });
      });
      return toTeamCredential(row);
    },

    /**
     * Deletes each named credential; `not_found` when it is no credential of this org, environment and region
     * that the calling key may reach. A credential of a team a Team Management Key is not bound to is
     * `not_found` too, as for an id that does not exist: the answer must not tell it whether the id exists.
     * `failure` is part of the documented shape and stays empty.
     */
    async remove(
      principal: ManagementPrincipal,
      where: CredentialWhere,
      credentialIds: readonly string[],
    ): Promise<CredentialDeletion> {
      const place = placeOf(where);
      const ids = [...new Set(credentialIds.map((id) => id.toLowerCase()))];
      return uow.write(async ({ customCredentials }) => {
        const teamOf = new Map(
          (await customCredentials.findOwners(place, ids)).map((c) => [c.id, c.team_id]),
        );
        const result: CredentialDeletion = { success: [], failure: [], not_found: [] };
        for (const id of ids) {
          const teamId = teamOf.get(id);
          if (teamId !== undefined && canReachTeam(principal, teamId)) result.success.push(id);
          else result.not_found.push(id);
        }
        await customCredentials.delete(result.success);
        return result;
      });
    },
  };
}

export type CustomCredentialsService = ReturnType<typeof createCustomCredentialsService>;
