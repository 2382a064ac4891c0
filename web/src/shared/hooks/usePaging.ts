import { useState } from 'react';
import type { PlainTablePagination } from '@/shared/components/PlainTable';

/** PagerOptions are what a table's pager sets beside the page, its size and the total. */
type PagerOptions = Omit<PlainTablePagination, 'current' | 'pageSize' | 'total' | 'onChange'>;

/**
 * usePaging is a server-paged table's page and page size, from page 1 at initialSize. pagination(total)
 * is the table's pager over them: a new page size goes back to page 1, where the old page may not exist.
 */
export function usePaging(initialSize: number) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const pagination = (total: number, options?: PagerOptions): PlainTablePagination => ({
    current: page,
    pageSize: size,
    total,
    ...options,
    onChange: (p, s) => {
      setPage(s === size ? p : 1);
      setSize(s);
    },
  });
  return { page, size, pagination };
}
