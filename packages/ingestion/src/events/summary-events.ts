import type { OutboxEvent } from '@meridian/db';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { WrittenSummary } from '../storage/summaries.repository';
import { renderSummary } from '../wire/render-summary';
import { userEvent } from './event-owner';

/** `daily.data.<kind>.created|updated` carrying the summary as REST serves it. */
export function summaryEvents(user: IngestionUser, written: readonly WrittenSummary[]): OutboxEvent[] {
  return written.map((row) =>
    userEvent(user, `daily.data.${row.kind}.${row.inserted ? 'created' : 'updated'}`, renderSummary(row)),
  );
}
