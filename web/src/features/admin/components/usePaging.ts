import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { adminText } from '../strings';

/**
 * usePaging holds the page and page size of a console table kept in component state (the
 * review queue keeps its own in the address instead, so a reviewer can share a link), and
 * builds the table's pagination: size changer, 共 N 条, the server's total. On a list that grows
 * without bound it also holds `after`, the cursor of a page past the numbered ones (更多,
 * DeepPager): the server numbers pages only as far as its capped count (10000), and a page by
 * cursor costs the same at any depth. Going back to a numbered page forgets the cursor.
 */
export function usePaging(initialSize: number, pageSizeOptions?: number[]) {
  const [page, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const [after, setAfter] = useState<string | undefined>(undefined);
  const setPage = (p: number) => {
    setAfter(undefined);
    setPageNumber(p);
  };
  const pagination = (total: number, capped = false): TablePaginationConfig | false =>
    after !== undefined
      ? false
      : {
          current: page,
          pageSize,
          total,
          showSizeChanger: true,
          ...(pageSizeOptions ? { pageSizeOptions } : {}),
          showTotal: (n: number) => adminText.queue.total(capped ? `${n}+` : n),
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        };
  return { page, pageSize, after, setPage, more: setAfter, pagination };
}

/** Paging is what usePaging gives a page. */
export type Paging = ReturnType<typeof usePaging>;
