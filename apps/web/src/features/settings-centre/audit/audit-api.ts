import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEventsQuery, AuditExportQuery } from '@portal/shared/api/audit';
import { settingsCalls } from '../../../lib/api-calls';
import { call } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { settingsKeys } from '../settings-api';

/** The company's audit log, `S/audit/events` and its CSV (docs/settings-centre.md#audit-log). */
export const auditKeys = {
  all: () => [...settingsKeys.all, 'audit'] as const,
  page: (query: AuditEventsQuery) => [...auditKeys.all(), query] as const,
};

/** The query string of a filter: what is not set is left out. */
function filterQuery(filter: AuditExportQuery) {
  return { userId: filter.userId, action: filter.action, from: filter.from, to: filter.to };
}

/**
 * A page of the log: the first without a cursor, each next one from the `nextCursor` of the page
 * before. Every visit of the tab reads it afresh (the other tabs' changes land in it), and the page
 * on screen stays while the next one loads.
 */
export const auditPageQuery = (query: AuditEventsQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) =>
      call(
        settingsCalls.auditEvents,
        { cursor: query.cursor, pageSize: query.pageSize, ...filterQuery(query) },
        { signal },
      ),
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

/** The file's name: the log and the day it was taken. */
function exportName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `audit-log-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.csv`;
}

/** Fetches the CSV of the filter with the session's token and hands it to the browser as a download. */
export async function downloadAuditCsv(filter: AuditExportQuery): Promise<void> {
  // the file's times as the screen shows them: in this browser's time zone, with their offset
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const blob = await call(settingsCalls.auditEventsCsv, { ...filterQuery(filter), timeZone });
  saveFile(exportName(), blob);
}

/** Everyone the person filter offers: who acted in the log, members removed since included. */
export const auditPeopleQuery = (keyword: string | undefined) =>
  queryOptions({
    queryKey: [...auditKeys.all(), 'people', keyword ?? ''] as const,
    queryFn: ({ signal }) => call(settingsCalls.auditPeople, { keyword }, { signal }),
  });
