/**
 * How the emulated Garmin sends notifications to the partner's endpoint: a JSON POST naming the app in
 * `garmin-client-id` (Garmin signs nothing), PUSH (summaries inline) or PING (`userId` + `callbackURL`).
 * Each delivery is logged and tracked so tests can wait until every one has been answered.
 */
export interface GarminDelivery {
  target: string;
  kind: 'push' | 'ping' | 'deregistration';
  summaryType: string | null;
  items: number;
  /** The receiver's status; 0 when it could not be reached. */
  status: number;
}

export interface GarminDeliverer {
  send(
    target: string,
    body: Record<string, unknown>,
    log: Omit<GarminDelivery, 'target' | 'status'>,
  ): Promise<number>;
  deliveries(): readonly GarminDelivery[];
  settled(): Promise<void>;
}

export function createGarminDeliverer(clientId: string): GarminDeliverer {
  const log: GarminDelivery[] = [];
  const pending = new Set<Promise<number>>();

  async function post(target: string, body: Record<string, unknown>): Promise<number> {
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'garmin-client-id': clientId },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  return {
    send(target, body, entry) {
      const p = post(target, body).then((status) => {
        log.push({ target, status, ...entry });
        return status;
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return p;
    },
    deliveries: () => log,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
