import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { adminText } from '../strings';

/**
 * numberedReach is how far the server numbers the pages of a list that grows without bound
 * (keyset.PageReach, internal/keyset): a page starting at row 200 or later is refused, and the
 * pages past it go by cursor (更多, DeepPager). The pager offers no page beyond it.
 */
export const numberedReach = 200;

/**
 * withinReach is page, or the last numbered page of that size when page starts past numberedReach:
 * an address from before the reach was lowered (it was 1000 rows), or typed by hand, opens the
 * deepest page the server numbers rather than its refusal and an empty table.
 */
export function withinReach(page: number, pageSize: number): number {
  return Math.min(page, Math.max(1, Math.ceil(numberedReach / pageSize)));
}

/** PagingState is where a console table stands: a numbered page, or the page after a cursor. */
export interface PagingState {
  page: number;
  pageSize: number;
  /** the cursor of a page past the numbered ones (更多); absent on a numbered page */
  after?: string;
}

/** PagingStore keeps a PagingState somewhere else than component state (the review queue: the address). */
export interface PagingStore {
  state: PagingState;
  set(next: PagingState): void;
}

/**
 * usePaging holds the page and page size of a console table, in component state or in the
 * store given (the review queue keeps its own in the address, so a reviewer can share a link),
 * and builds the table's pagination: size changer, 共 N 条, the server's total. On a list that
 * grows without bound it also holds `after`, the cursor of a page past the numbered ones (更多,
 * DeepPager): the server numbers pages only as far as `reach` (numberedReach; the pager offers
 * pages up to it while 共 N 条 still shows the whole count), and a page by cursor costs the same
 * at any depth. Going back to a numbered page forgets the cursor.
 */
export function usePaging(initialSize: number, pageSizeOptions?: number[], store?: PagingStore) {
  const [own, setOwn] = useState<PagingState>({ page: 1, pageSize: initialSize });
  const { page, pageSize, after } = store?.state ?? own;
  const save = store ? (s: PagingState) => store.set(s) : setOwn;
  const setPage = (p: number, size = pageSize) => save({ page: p, pageSize: size });
  const more = (cursor: string | undefined) => save({ page, pageSize, ...(cursor ? { after: cursor } : {}) });
  const pagination = (total: number, capped = false, reach = Infinity): TablePaginationConfig | false =>
    after !== undefined
      ? false
      : {
          current: page,
          pageSize,
          total: Math.min(total, reach),
          showSizeChanger: true,
          ...(pageSizeOptions ? { pageSizeOptions } : {}),
          showTotal: () => adminText.queue.total(capped ? `${total}+` : total),
          onChange: (p, s) => setPage(p, s),
        };
  return { page, pageSize, after, setPage, more, pagination };
}

/** Paging is what usePaging gives a page. */
export type Paging = ReturnType<typeof usePaging>;
