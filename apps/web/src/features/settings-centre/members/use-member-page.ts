import { useCallback, useEffect, useState } from 'react';
import { MEMBERS_PAGE_SIZE_DEFAULT, type MemberPage } from '@portal/shared/api/settings';
import { ApiError } from '../../../lib/api-error';
import { fetchMembers } from '../settings-api';

export interface MemberPageState {
  page: number;
  pageSize: number;
  keyword: string;
  data: MemberPage | null;
  loading: boolean;
  setPage(page: number, pageSize: number): void;
  search(keyword: string): void;
  reload(): void;
}

/** One page of the member list, following the page, its size and the search word. */
export function useMemberPage(): MemberPageState {
  const [query, setQuery] = useState({ page: 1, pageSize: MEMBERS_PAGE_SIZE_DEFAULT, keyword: '' });
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<MemberPage | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    fetchMembers({ page: query.page, pageSize: query.pageSize, keyword: query.keyword || undefined })
      .then((page) => {
        if (!active) return;
        // A removal can empty the last page: step back to the page that now is the last.
        const lastPage = Math.max(1, Math.ceil(page.total / query.pageSize));
        if (page.items.length === 0 && query.page > lastPage) setQuery((q) => ({ ...q, page: lastPage }));
        else setData(page);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [query, version]);

  const setPage = useCallback((page: number, pageSize: number) => {
    setLoading(true);
    setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize }));
  }, []);
  const search = useCallback((keyword: string) => {
    setLoading(true);
    setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() }));
  }, []);
  const reload = useCallback(() => {
    setLoading(true);
    setVersion((v) => v + 1);
  }, []);

  return { ...query, data, loading, setPage, search, reload };
}
