import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/** Sign-in tokens (hashed). `take` consumes in the statement that reads, so one of two concurrent uses wins. */

export interface SignInTokenGrant {
  teamId: string;
  environment: Environment;
  userId: string;
}

export function createSdkSignInTokensRepository(db: Knex | Knex.Transaction) {
  return {
    async insert(
      t: SignInTokenGrant & { tokenHash: string; createdAt: Date; expiresAt: Date },
    ): Promise<void> {
      await db('sdk_sign_in_tokens').insert({
        token_hash: t.tokenHash,
        team_id: t.teamId,
        environment: t.environment,
        user_id: t.userId,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      });
    },

    /** Drops the user's tokens that can no longer be exchanged (keeps the table small). */
    async deleteExpiredOf(userId: string, now: Date): Promise<void> {
      await db('sdk_sign_in_tokens').where('user_id', userId).andWhere('expires_at', '<=', now).delete();
    },

    /**
     * Marks an unexpired, unused token of an active user consumed and returns what it grants; undefined when
     * it is unknown, expired, already used or its user is deleted. The row lock makes a concurrent second
     * exchange re-check `consumed_at` and find it set.
     */
    async take(tokenHash: string, now: Date): Promise<SignInTokenGrant | undefined> {
      const rows = await db('sdk_sign_in_tokens as t')
        .update({ consumed_at: now })
        .where('t.token_hash', tokenHash)
        .whereNull('t.consumed_at')
        .andWhere('t.expires_at', '>', now)
        .whereExists(function activeUser() {
          void this.select(db.raw('1'))
            .from('users as u')
            .whereRaw('u.id = t.user_id')
            .andWhereRaw('u.team_id = t.team_id')
            .andWhereRaw('u.environment = t.environment')
            .whereNull('u.deleted_at');
        })
        .returning<{ team_id: string; environment: Environment; user_id: string }[]>([
          't.team_id',
          't.environment',
          't.user_id',
        ]);
      const row = rows[0];
      return row ? { teamId: row.team_id, environment: row.environment, userId: row.user_id } : undefined;
    },
  };
}
