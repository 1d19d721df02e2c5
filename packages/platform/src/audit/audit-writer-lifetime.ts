import type { RunningService } from '../http/serve';

/** What the server needs of the audit writer it owns (structurally `AuditWriter` of `@meridian/db`). */
export interface ClosableAuditWriter {
  close(): Promise<void>;
}

/**
 * Starts a server whose audit writer lives as long as it does: the writer is closed (what it still holds is
 * written) after the server stops, or at once when the server cannot start.
 */
export async function serveWithAuditWriter(
  writer: ClosableAuditWriter,
  serve: () => Promise<RunningService>,
): Promise<RunningService> {
  const service = await serve().catch(async (err: unknown) => {
    await writer.close();
    throw err;
  });
  return {
    url: service.url,
    close: async () => {
      try {
        await service.close();
      } finally {
        await writer.close();
      }
    },
  };
}
