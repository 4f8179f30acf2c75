import type { CompanyEventPage, CompanyEventsQuery } from '@portal/shared/api/integrations';
import type { AppContext } from '../../../context.ts';
import { listEnterpriseEvents } from '../../../queries/events.ts';
import type { Administrator } from '../../company/settings-access.ts';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { toCompanyEvent } from './company-event.ts';

/** Before the first event: ids start at 1. */
const FROM_THE_START = 0;

/**
 * A page of the company's events after the cursor, oldest first. The cursor is the id of the last
 * event a reader has seen, so `nextCursor` is never null: after the newest event it stays where it
 * is, and the next read brings what has happened since. Events of a company take their ids in the
 * order they commit (recordEvent), so a reader never passes over one that commits later.
 */
export async function listCompanyEvents(
  ctx: AppContext,
  caller: Pick<Administrator, 'enterpriseId'>,
  query: CompanyEventsQuery,
): Promise<CompanyEventPage> {
  const [afterId] = decodeCursor(query.cursor, ['id']) ?? [FROM_THE_START];
  const rows = await listEnterpriseEvents(ctx.db, caller.enterpriseId, {
    afterId: afterId!,
    type: query.type,
    limit: query.pageSize,
  });
  return {
    items: rows.map(toCompanyEvent),
    nextCursor: encodeCursor([rows.at(-1)?.id ?? afterId!]),
  };
}
