/** Event envelope (spec §Events): every event carries user_id, client_user_id and team_id at top level. */
export interface EventEnvelope<TData = Record<string, unknown>> {
  event_type: string;
  data: TData;
  user_id: string;
  client_user_id: string;
  team_id: string;
}

export function eventEnvelope<TData>(
  eventType: string,
  data: TData,
  owner: { userId: string; clientUserId: string; teamId: string },
): EventEnvelope<TData> {
  return {
    event_type: eventType,
    data,
    user_id: owner.userId,
    client_user_id: owner.clientUserId,
    team_id: owner.teamId,
  };
}
