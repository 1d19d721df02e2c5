import { ValidationError, type MemberRole } from '@meridian/domain';

/** `team_role_bindings` on the wire: `{team_id}[]`, null when the role binds no teams. */
export interface TeamRoleBinding {
  team_id: string;
}

export function toBindings(teamIds: readonly string[] | null | undefined): TeamRoleBinding[] | null {
  return teamIds ? teamIds.map((team_id) => ({ team_id })) : null;
}

/**
 * The rule shared by management keys, members and invites: `team_admin` needs at least one bound team,
 * every other role binds none. Returns the distinct team ids to store (null when the role binds none).
 */
export function teamIdsForRole(
  role: MemberRole,
  bindings: readonly TeamRoleBinding[] | null | undefined,
  loc: string[],
): string[] | null {
  const ids = [...new Set((bindings ?? []).map((b) => b.team_id))];
  if (role === 'team_admin') {
    if (ids.length === 0) {
      throw ValidationError.single(
        loc,
        'A team_admin role needs at least one team in team_role_bindings',
        'too_short',
        bindings ?? null,
        { min_length: 1, role },
      );
    }
    return ids;
  }
  if (ids.length > 0) {
    throw ValidationError.single(
      loc,
      `The ${role} role takes no team_role_bindings`,
      'value_error',
      bindings,
      {
        role,
      },
    );
  }
  return null;
}

/** Every id must name a team of the org; the first unknown one is a 422 at its position. */
export function assertKnownTeams(
  bindings: readonly TeamRoleBinding[],
  knownTeamIds: readonly string[],
  loc: string[],
): void {
  const known = new Set(knownTeamIds);
  const index = bindings.findIndex((b) => !known.has(b.team_id));
  if (index >= 0) {
    const teamId = bindings[index]!.team_id;
    throw ValidationError.single(
      [...loc, String(index), 'team_id'],
      'No team with this id in the organization',
      'value_error',
      teamId,
      {},
    );
  }
}
