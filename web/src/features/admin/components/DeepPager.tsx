import { Button, Space } from 'antd';
import type { Page } from '@/shared/api/contract';
import { adminText } from '../strings';
import { numberedReach, type Paging } from './usePaging';

/**
 * DeepPager goes on past the numbered pages of a list that grows without bound: on the last
 * numbered page (of the list, or the last within numberedReach), or on a page by cursor, 更多 loads the page after the last row shown (the
 * server's next cursor); 回到第一页 returns to the numbered pages.
 */
export function DeepPager<T>({ paging, data }: { paging: Paging; data: Page<T> | undefined }) {
  if (!data) return null;
  const deep = paging.after !== undefined;
  const next = data.next;
  const more = next !== undefined && (deep || paging.page * paging.pageSize >= Math.min(data.total, numberedReach));
  if (!more && !deep) return null;
  return (
    <Space style={{ marginTop: 16 }}>
      {deep && <Button onClick={() => paging.setPage(1)}>{adminText.deepPager.first}</Button>}
      {more && <Button onClick={() => paging.more(next)}>{adminText.deepPager.more}</Button>}
    </Space>
  );
}
