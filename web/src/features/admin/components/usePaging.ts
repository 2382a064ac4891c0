import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { adminText } from '../strings';

/**
 * usePaging holds the page and page size of a console table kept in component state (the
 * review queue keeps its own in the address instead, so a reviewer can share a link), and
 * builds the table's pagination: size changer, 共 N 条, the server's total.
 */
export function usePaging(initialSize: number, pageSizeOptions?: number[]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    ...(pageSizeOptions ? { pageSizeOptions } : {}),
    showTotal: adminText.queue.total,
    onChange: (p, s) => {
      setPage(p);
      setPageSize(s);
    },
  });
  return { page, pageSize, setPage, pagination };
}
