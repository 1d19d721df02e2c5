/** Who created a key or an invite (api-shapes §8.3 `Creator`), stored as jsonb and returned as is. */
export type Creator =
  | { type: 'org_member'; id: string; name: string; email: string; avatar: string | null }
  | { type: 'removed_org_member'; id: string | null }
  | { type: 'meridian_staff' }
  | { type: 'management_key' };

/** Everything created through this API is created by a management key. */
export const MANAGEMENT_KEY_CREATOR: Creator = { type: 'management_key' };
