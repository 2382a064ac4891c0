import { fireEvent, render, screen, waitFor } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import ConfigProvider from 'antd/es/config-provider';
import Table from 'antd/es/table';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainTable } from './PlainTable';
import { antdMarkup } from '@/test/antdMarkup';

// PlainTable stands in for antd's Table on our pages (docs/decisions/frontend-load.md, "Front-end load"): it must render the very elements
// and class names Table renders, so that pages look the same and the e2e tests find their rows.

interface Row {
  id: number;
  name: string;
  at: string;
}

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `用户${i + 1}`, at: `2026-01-${String(i + 1).padStart(2, '0')}` }));

const columns: TableColumnsType<Row> = [
  { title: '名称', dataIndex: 'name' },
  { title: '时间', dataIndex: 'at', width: 170, align: 'center', ellipsis: true },
  { title: '操作', key: 'actions', fixed: 'right', width: 120, render: (_v, r) => <a>删除 {r.id}</a> },
];

describe('PlainTable', () => {
  it('renders an empty table as Table does, with the default and a given empty text', () => {
    expect(antdMarkup(<PlainTable<Row> rowKey="id" columns={columns} dataSource={[]} />)).toBe(
      antdMarkup(<Table<Row> rowKey="id" columns={columns} dataSource={[]} />),
    );
    const plain = antdMarkup(<PlainTable<Row> rowKey="id" size="small" columns={columns} dataSource={[]} pagination={false} locale={{ emptyText: '暂无' }} data-testid="t" />);
    expect(plain).toBe(antdMarkup(<Table<Row> rowKey="id" size="small" columns={columns} dataSource={[]} pagination={false} locale={{ emptyText: '暂无' }} data-testid="t" />));
    expect(plain).toContain('暂无');
  });

  it('renders a loading table as Table does', () => {
    const plain = antdMarkup(<PlainTable<Row> rowKey="id" loading columns={columns} dataSource={[]} />);
    expect(plain).toBe(antdMarkup(<Table<Row> rowKey="id" loading columns={columns} dataSource={[]} />));
    expect(plain).toContain('ant-spin-spinning');
  });

  it('renders rows with a fixed right column and scroll.x as Table does', () => {
    const props = { rowKey: 'id', size: 'middle', scroll: { x: 1000 }, columns, dataSource: rows.slice(0, 3), pagination: false } as const;
    const plain = antdMarkup(<PlainTable<Row> {...props} />);
    expect(plain).toBe(antdMarkup(<Table<Row> {...props} />));
    expect(plain).toContain('ant-table-cell-fix');
    expect(plain).toContain('删除 3');
  });

  it('renders page 2 of a server-paged table with its size changer as Table does', async () => {
    const pagination = { current: 2, pageSize: 10, total: 95, showSizeChanger: true, pageSizeOptions: [10, 20, 50] };
    const props = { rowKey: 'id', size: 'small', columns, dataSource: rows.slice(10, 20) } as const;
    const table = await markupWhenChanger(<Table<Row> {...props} pagination={pagination} />);
    const plain = await markupWhenChanger(<PlainTable<Row> {...props} pagination={pagination} />);
    expect(plain).toBe(table);
    expect(plain).toContain('ant-pagination-item-active');
    expect(plain).toContain('用户11');
  });

  it('renders a client-paged table that hides a single page as Table does', () => {
    const props = { rowKey: 'id', columns, pagination: { pageSize: 20, hideOnSinglePage: true } } as const;
    expect(antdMarkup(<PlainTable<Row> {...props} dataSource={rows} />)).toBe(antdMarkup(<Table<Row> {...props} dataSource={rows} />));
    const single = antdMarkup(<PlainTable<Row> {...props} dataSource={rows.slice(0, 5)} />);
    expect(single).toBe(antdMarkup(<Table<Row> {...props} dataSource={rows.slice(0, 5)} />));
    expect(single).not.toContain('ant-pagination');
  });

  it('pages its rows in the client', () => {
    render(<PlainTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ pageSize: 20, hideOnSinglePage: true }} />);
    expect(screen.getByText('用户20')).toBeTruthy();
    expect(screen.queryByText('用户21')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByText('用户21')).toBeTruthy();
    expect(screen.getByText('用户25')).toBeTruthy();
    expect(screen.queryByText('用户20')).toBeNull();
  });

  it('calls onChange with the page and its size when a page is picked', () => {
    const onChange = vi.fn();
    render(<PlainTable<Row> rowKey="id" columns={columns} dataSource={rows.slice(0, 10)} pagination={{ current: 1, pageSize: 10, total: 30, onChange }} />);
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 10);
  });
});

/** markupWhenChanger renders node as antdMarkup does, once the pager's size changer (a Select) has drawn. */
async function markupWhenChanger(node: ReactNode): Promise<string> {
  const { container, unmount } = render(<ConfigProvider theme={{ token: { colorPrimary: '#1f5fbf', borderRadius: 4 } }}>{node}</ConfigProvider>);
  await waitFor(() => expect(container.querySelector('.ant-pagination-options .ant-select')).not.toBeNull());
  const out = container.innerHTML.replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  return out;
}
