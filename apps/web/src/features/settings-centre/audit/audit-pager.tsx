import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import own from './audit.module.css';

/**
 * Where the reader is in the log: the cursors of the pages read so far (the first page has none),
 * so that "previous" goes back without the server, and the page size. The log is paged by a cursor
 * on time and id, which cannot jump to page N: the pager goes one page forth or back.
 */
export interface Paging {
  cursors: (string | undefined)[];
  pageSize: number;
}

export const firstPage = (pageSize: number): Paging => ({ cursors: [undefined], pageSize });

const PAGE_SIZES = [10, 20, 50, 100];

/** The audit log's pager: the count of the filter, the page's number, previous and next, the page size. */
export function AuditPager({
  paging,
  onChange,
  total,
  nextCursor,
}: {
  paging: Paging;
  onChange(paging: Paging): void;
  /** The filter's events, as the first page counted them; null until then. */
  total: number | null;
  /** The cursor of the page after the one on screen; null on the last page (or while a page loads). */
  nextCursor: string | null;
}) {
  const { t } = useTranslation();
  const page = paging.cursors.length;
  return (
    <nav className={own.pager} aria-label={t('audit.pages')}>
      {total === null ? null : <span>{t('audit.total', { count: total })}</span>}
      <Button
        icon={<LeftOutlined aria-hidden="true" />}
        disabled={page === 1}
        onClick={() => onChange({ ...paging, cursors: paging.cursors.slice(0, -1) })}
      >
        {t('audit.previousPage')}
      </Button>
      <span aria-current="page">{t('audit.pageNumber', { page })}</span>
      <Button
        icon={<RightOutlined aria-hidden="true" />}
        iconPlacement="end"
        disabled={nextCursor === null}
        onClick={() => nextCursor !== null && onChange({ ...paging, cursors: [...paging.cursors, nextCursor] })}
      >
        {t('audit.nextPage')}
      </Button>
      <Select
        aria-label={t('audit.pageSize')}
        value={paging.pageSize}
        onChange={(pageSize: number) => onChange(firstPage(pageSize))}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('audit.perPage', { size }) }))}
      />
    </nav>
  );
}
