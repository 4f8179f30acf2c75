import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { MEMBERS_PAGE_SIZE_DEFAULT, type Member } from '@portal/shared/api/settings';
import { membersQuery } from '../settings-api';

/** How many members a page brings; "show more" brings the next through the server's cursor. */
export const MEMBERS_SHOWN = MEMBERS_PAGE_SIZE_DEFAULT;

export interface MemberList {
  keyword: string;
  /** The members of the pages read so far, in the order they joined. */
  items: Member[];
  /** The members of the search, as its first page counted them; null until it has answered. */
  total: number | null;
  /** Every member of the search is on screen (and none of another search's). */
  complete: boolean;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  loadMore(): void;
  search(keyword: string): void;
}

/**
 * The member list of the search word, MEMBERS_SHOWN at a time: the first page, then each next one
 * from the last page's cursor when asked. A new search starts again from its first page; the list on
 * screen stays while it loads, rather than the table emptying.
 */
export function useMemberList(): MemberList {
  const [keyword, setKeyword] = useState('');
  const members = useInfiniteQuery({ ...membersQuery(keyword, MEMBERS_SHOWN), placeholderData: keepPreviousData });
  const pages = members.data?.pages ?? [];
  const { fetchNextPage } = members;

  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const search = useCallback((word: string) => setKeyword(word.trim()), []);

  return {
    keyword,
    items: pages.flatMap((page) => page.items),
    // the server counts on the first page only
    total: pages[0]?.total ?? null,
    complete: members.isSuccess && !members.isPlaceholderData && !members.hasNextPage,
    hasMore: members.hasNextPage,
    loading: members.isFetching && !members.isFetchingNextPage,
    loadingMore: members.isFetchingNextPage,
    loadMore,
    search,
  };
}
