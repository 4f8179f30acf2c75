import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MEMBERS_PAGE_SIZE_DEFAULT, type MemberPage } from '@portal/shared/api/settings';
import { memberPageQuery } from '../settings-api';

export interface MemberPageState {
  page: number;
  pageSize: number;
  keyword: string;
  data: MemberPage | null;
  loading: boolean;
  setPage(page: number, pageSize: number): void;
  search(keyword: string): void;
}

/** One page of the member list, following the page, its size and the search word. */
export function useMemberPage(): MemberPageState {
  const [query, setQuery] = useState({ page: 1, pageSize: MEMBERS_PAGE_SIZE_DEFAULT, keyword: '' });
  // The page on screen stays while the next one loads, rather than the table emptying.
  const { data, isFetching } = useQuery({
    ...memberPageQuery({ page: query.page, pageSize: query.pageSize, keyword: query.keyword || undefined }),
    placeholderData: keepPreviousData,
  });

  // A removal can empty the last page: step back to the page that now is the last.
  // offset pages (the screen's page numbers) always carry the total
  const lastPage = data ? Math.max(1, Math.ceil((data.total ?? 0) / query.pageSize)) : query.page;
  if (data !== undefined && data.items.length === 0 && query.page > lastPage) setQuery({ ...query, page: lastPage });

  const setPage = useCallback((page: number, pageSize: number) => {
    setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize }));
  }, []);
  const search = useCallback((keyword: string) => {
    setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() }));
  }, []);

  return { ...query, data: data ?? null, loading: isFetching, setPage, search };
}
