import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, type GetProps, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE_DEFAULT,
  type AuditEvent,
  type AuditExportQuery,
} from '@portal/shared/api/audit';
import { actionLabel, actorName, auditSummary, eventLabel } from '@portal/shared/audit-summary';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import { translateKey } from '../../../lib/i18n';
import type { Departments } from '../departments/use-departments';
import styles from '../settings-tab.module.css';
import { auditKeys, auditPageQuery, auditPeopleQuery, downloadAuditCsv } from './audit-api';
import { AuditPager, type Paging, firstPage } from './audit-pager';
import own from './audit.module.css';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

interface Filter {
  userId?: number;
  action?: string;
  range: RangeValue;
}

/** The filter as the calls take it: whole days of the reader's time zone, the end day included. */
function toQuery(filter: Filter): AuditExportQuery {
  const [start, end] = filter.range ?? [];
  return {
    userId: filter.userId,
    action: filter.action,
    from: start ? start.startOf('day').toISOString() : undefined,
    to: end ? end.add(1, 'day').startOf('day').toISOString() : undefined,
  };
}

/** The company's audit log: who did what and when, filtered by person, action and days, and its CSV export. */
export function AuditTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>({ range: null });
  const [paging, setPaging] = useState<Paging>(firstPage(AUDIT_PAGE_SIZE_DEFAULT));
  const [personSearch, setPersonSearch] = useState('');
  const [exporting, setExporting] = useState(false);

  const query = useMemo(() => toQuery(filter), [filter]);
  // Rows hold nothing to tab to: the table's sideways scroller (phones) takes the focus itself, so that
  // a keyboard can scroll it.
  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = tableBox.current?.querySelector<HTMLElement>('.ant-table-content');
    if (scroller && !scroller.hasAttribute('tabindex')) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', t('audit.tab'));
    }
  });
  const list = useQuery(auditPageQuery({ cursor: paging.cursors.at(-1), pageSize: paging.pageSize, ...query }));
  // the server counts the filter's events on its first page only; later pages show that count
  const total =
    list.data?.total ??
    client.getQueryData(auditPageQuery({ pageSize: paging.pageSize, ...query }).queryKey)?.total ??
    null;
  const people = useQuery({
    ...auditPeopleQuery(personSearch || undefined),
    placeholderData: (previous) => previous,
  });

  /** A new filter starts again at the first page. */
  function refine(change: Partial<Filter>) {
    setFilter((f) => ({ ...f, ...change }));
    setPaging((p) => firstPage(p.pageSize));
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
      message.success(t('audit.exported'));
      // the export is an event of its own
      await client.invalidateQueries({ queryKey: auditKeys.all() });
    } catch {
      // the api client has said why
    } finally {
      setExporting(false);
    }
  }

  const departmentName = (id: number) => departments.paths.get(id);
  const columns: TableColumnsType<AuditEvent> = [
    {
      title: t('audit.columns.time'),
      dataIndex: 'at',
      render: (iso: string) => <time dateTime={iso}>{formatDate(iso)}</time>,
    },
    {
      title: t('audit.columns.person'),
      dataIndex: 'actor',
      render: (actor: AuditEvent['actor']) =>
        actor ? (
          <Typography.Text
            className={styles.strong}
            style={{ maxWidth: '14em' }}
            ellipsis={{ tooltip: actorName(actor, translateKey) }}
          >
            {actorName(actor, translateKey)}
          </Typography.Text>
        ) : (
          t('audit.nobody')
        ),
    },
    {
      title: t('audit.columns.action'),
      key: 'action',
      render: (_, event) => <Tag variant="filled">{eventLabel(event, translateKey)}</Tag>,
    },
    {
      title: t('audit.columns.ip'),
      dataIndex: 'ip',
      render: (ip: string | null) => <span className={own.ip}>{ip ?? t('audit.nobody')}</span>,
    },
    {
      title: t('audit.columns.detail'),
      key: 'detail',
      render: (_, event) => <span className={own.summary}>{auditSummary(event, translateKey, departmentName)}</span>,
    },
  ];

  return (
    <section aria-label={t('audit.tab')}>
      <p className={styles.hint}>{t('audit.hint')}</p>
      <div className={styles.toolbar} style={{ marginTop: 16 }}>
        <div className={own.filters}>
          <Select
            className={own.person}
            aria-label={t('audit.filters.person')}
            placeholder={t('audit.filters.personPlaceholder')}
            allowClear
            showSearch={{ filterOption: false, onSearch: setPersonSearch }}
            loading={people.isFetching}
            value={filter.userId}
            onChange={(userId?: number) => {
              refine({ userId });
              setPersonSearch('');
            }}
            options={(people.data ?? []).map((p) => ({
              value: p.userId,
              label: p.removed ? t('audit.filters.removedPerson', { name: p.nickname }) : p.nickname,
            }))}
          />
          <Select
            className={own.action}
            aria-label={t('audit.filters.action')}
            placeholder={t('audit.filters.actionPlaceholder')}
            allowClear
            // a couple of dozen short options: all of them in the page, for the find-in-page and the screen reader
            virtual={false}
            value={filter.action}
            onChange={(action?: string) => refine({ action })}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, translateKey) }))}
          />
          <DatePicker.RangePicker
            className={own.range}
            aria-label={t('audit.filters.range')}
            placeholder={[t('audit.filters.start'), t('audit.filters.end')]}
            value={filter.range}
            onChange={(range) => refine({ range })}
          />
        </div>
        <Button icon={<DownloadOutlined aria-hidden="true" />} loading={exporting} onClick={() => void exportCsv()}>
          {t('audit.export')}
        </Button>
      </div>
      <div ref={tableBox}>
        <Table<AuditEvent>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          className={`${styles.singleLineTable} ${own.table}`}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('audit.empty') }}
          pagination={false}
        />
      </div>
      <AuditPager
        paging={paging}
        onChange={setPaging}
        total={total}
        nextCursor={list.isPlaceholderData ? null : (list.data?.nextCursor ?? null)}
      />
    </section>
  );
}
