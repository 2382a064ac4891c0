// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
// rc-table's modules, not its index: the index also exports the virtual table, which the bundle
// then keeps (with rc-virtual-list, about 7 KiB gzip).
import { INTERNAL_HOOKS } from '@rc-component/table/es/constant';
import { genTable } from '@rc-component/table/es/Table';
import type { TableColumnsType } from 'antd';
import { useComponentConfig } from 'antd/es/config-provider/context';
import DefaultRenderEmpty from 'antd/es/config-provider/defaultRenderEmpty';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import Spin from 'antd/es/spin';
import useTableStyle from 'antd/es/table/style';
import { useState, type Key, type ReactNode } from 'react';
import { classes } from './antdLike';
import { PlainPagination, type PlainPaginationProps } from './PlainPagination';

/** The pager's settings PlainTable takes: antd's TablePaginationConfig as our tables use it. */
export type PlainTablePagination = Omit<PlainPaginationProps, 'className' | 'size'>;

export interface PlainTableProps<T> {
  columns: TableColumnsType<T>;
  dataSource: readonly T[];
  rowKey: keyof T | ((record: T) => Key);
  loading?: boolean;
  size?: 'small' | 'middle' | 'large';
  bordered?: boolean;
  scroll?: { x?: number | string | true };
  /** false: no pager. Without current, the table pages dataSource itself (as antd's does). */
  pagination?: PlainTablePagination | false;
  locale?: { emptyText?: ReactNode };
  'data-testid'?: string;
}

const DEFAULT_PAGE_SIZE = 10;

/** RcTable is antd's (antd/es/table/RcTable): rc-table that re-renders its rows when antd's render count changes. */
const RcTable = genTable((prev, next) => (prev as { _renderTimes?: number })._renderTimes !== (next as { _renderTimes?: number })._renderTimes);

/**
 * PlainTable is antd's Table for the tables of our pages (docs/decisions/frontend-load.md, "Front-end load"): the same table underneath
 * (antd's rc-table, with antd's wrapper, Spin, empty state, classes and stylesheet), so fixed
 * columns, scroll.x and the markup the e2e tests select are antd's own. Left out is what antd's
 * Table imports for features we never use, about 80 KiB gzip: the filter dropdown (menu, tree,
 * dropdown, radio, checkbox), sorting, row selection, the virtual table, and the pager's size
 * changer (antd's Select), which PlainPagination loads after the pager shows.
 * Columns take title (text), dataIndex, key, render, width, minWidth, align, ellipsis, fixed, onCell.
 */
export function PlainTable<T extends object>({
  columns,
  dataSource,
  rowKey,
  loading,
  size: customizeSize,
  bordered,
  scroll,
  pagination,
  locale,
  'data-testid': testId,
}: PlainTableProps<T>) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('table');
  const prefixCls = getPrefixCls('table');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useTableStyle(prefixCls, rootCls);
  const mergedSize = useSize((ctx) => (customizeSize === 'middle' ? 'medium' : (customizeSize ?? ctx)));

  // The pager as antd's usePagination merges it: the page is the caller's when it gives one, else
  // the table's own (client-side paging), clamped to the last page.
  const [inner, setInner] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { total: givenTotal = 0, ...pagerProps } = pagination || {};
  // As antd's mergeProps: a setting the caller leaves undefined keeps the table's own.
  const pager = {
    ...pagerProps,
    current: pagerProps.current ?? inner.current,
    pageSize: pagerProps.pageSize ?? inner.pageSize,
    total: givenTotal > 0 ? givenTotal : dataSource.length,
  };
  const maxPage = Math.ceil(pager.total / pager.pageSize);
  if (pager.current > maxPage) pager.current = maxPage || 1;
  const onPageChange = (current: number, pageSize: number) => {
    if (pagination) pagination.onChange?.(current, pageSize);
    setInner({ current, pageSize: pageSize || pager.pageSize });
  };

  // A page of rows: the caller's whole dataSource when the server paged it (fewer rows than total).
  const pageData =
    pagination === false || (dataSource.length < pager.total && dataSource.length <= pager.pageSize)
      ? dataSource
      : dataSource.slice((pager.current - 1) * pager.pageSize, pager.current * pager.pageSize);

  const getRowKey = typeof rowKey === 'function' ? rowKey : (record: T) => record[rowKey] as Key;
  const emptyText = locale?.emptyText !== undefined ? locale.emptyText : <DefaultRenderEmpty componentName="Table" />;

  return (
    <div
      className={classes(cssVarCls, rootCls, `${prefixCls}-wrapper`, contextClassName, direction === 'rtl' && `${prefixCls}-wrapper-rtl`, hashId)}
      style={{ ...contextStyle }}
    >
      <Spin spinning={loading ?? false}>
        <RcTable<T>
          data-testid={testId}
          scroll={scroll}
          classNames={{}}
          styles={{}}
          columns={columns as never}
          direction={direction}
          expandable={{ indentSize: 15 }}
          prefixCls={prefixCls}
          className={classes(
            mergedSize === 'medium' && `${prefixCls}-medium`,
            mergedSize === 'small' && `${prefixCls}-small`,
            bordered && `${prefixCls}-bordered`,
            dataSource.length === 0 && `${prefixCls}-empty`,
            cssVarCls,
            rootCls,
            hashId,
          )}
          data={pageData}
          rowKey={getRowKey}
          rowClassName=""
          emptyText={emptyText}
          internalHooks={INTERNAL_HOOKS}
          getContainerWidth={containerWidth(prefixCls)}
        />
        {pagination !== false && pager.total > 0 && (
          <PlainPagination
            {...pager}
            onChange={onPageChange}
            className={`${prefixCls}-pagination ${prefixCls}-pagination-end`}
            // antd's getPaginationSize: a small or medium table has the small pager.
            size={mergedSize === 'small' || mergedSize === 'medium' ? 'small' : undefined}
          />
        )}
      </Spin>
    </div>
  );
}

/** containerWidth is antd's useContainerWidth: the width fixed columns share, less the bordered container's borders. */
function containerWidth(prefixCls: string) {
  return (ele: HTMLElement, width: number) => {
    const container = ele.querySelector(`.${prefixCls}-container`);
    if (!container) return width;
    const style = getComputedStyle(container);
    return width - Number.parseInt(style.borderLeftWidth, 10) - Number.parseInt(style.borderRightWidth, 10);
  };
}
