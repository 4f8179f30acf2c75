import type { CompanyEvent } from '@portal/shared/api/integrations';
import type { EventRow } from '../../../queries/events.ts';

/** An event as its receivers see it, the same in a webhook's body and in the feed. */
export function toCompanyEvent(
  row: Pick<EventRow, 'public_id' | 'type' | 'version' | 'enterprise_id' | 'at' | 'data'>,
): CompanyEvent {
  return {
    id: row.public_id,
    type: row.type,
    version: row.version,
    companyId: row.enterprise_id,
    occurredAt: new Date(row.at).toISOString(),
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}
