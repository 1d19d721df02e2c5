import type { Knex } from '@meridian/db';
import type { Feature, TeamScope } from '@meridian/domain';

/** The reads an upload needs besides the job itself: its user (not deleted) and the team's features. */
export function createLabReportUsersRepository(db: Knex | Knex.Transaction) {
  const activeUser = (scope: TeamScope, userId: string) =>
    db('users')
      .where({ id: userId, team_id: scope.teamId, environment: scope.environment })
      .whereNull('deleted_at');

  return {
    async findActive(scope: TeamScope, userId: string): Promise<boolean> {
      return (await activeUser(scope, userId).first('id')) !== undefined;
    },

    async lockActive(scope: TeamScope, userId: string): Promise<boolean> {
      return (await activeUser(scope, userId).first('id').forUpdate()) !== undefined;
    },

    async teamHasFeature(teamId: string, feature: Feature): Promise<boolean> {
      return (await db('team_features').where({ team_id: teamId, feature }).first('team_id')) !== undefined;
    },
  };
}
