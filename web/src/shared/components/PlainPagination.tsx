// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import DoubleLeftOutlined from '@ant-design/icons/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons/DoubleRightOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import RcPagination, { type PaginationProps as RcPaginationProps } from '@rc-component/pagination';
import enUS from '@rc-component/pagination/locale/en_US';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useSize from 'antd/es/config-provider/hooks/useSize';
import { useLocale } from 'antd/es/locale';
import usePaginationStyle from 'antd/es/pagination/style';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { classes } from './antdLike';

// The size changer is antd's Select, which brings the popup engine and the virtual list (about
// 40 KiB gzip): it comes in its own chunk, asked for as soon as a pager that shows it mounts.
const loadSizeChanger = () => import('./PageSizeSelect');
const PageSizeSelect = lazy(loadSizeChanger);

export interface PlainPaginationProps {
  current?: number;
  defaultCurrent?: number;
  pageSize?: number;
  defaultPageSize?: number;
  total?: number;
  onChange?: (page: number, pageSize: number) => void;
  showSizeChanger?: boolean;
  pageSizeOptions?: (number | string)[];
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  hideOnSinglePage?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/**
 * PlainPagination is antd's Pagination (docs/decisions/frontend-load.md, "Front-end load"): the same component underneath (rc-pagination,
 * with antd's icons, locale, classes and stylesheet) whose size changer, antd's Select, loads in
 * its own chunk after the pager draws. Until it is in, a box of the changer's size holds its place,
 * so the pager does not move when it comes.
 */
export function PlainPagination({ className, size: customizeSize, pageSizeOptions, ...rest }: PlainPaginationProps) {
  const {
    getPrefixCls,
    direction,
    className: contextClassName,
    showSizeChanger: contextShowSizeChanger,
    totalBoundaryShowSizeChanger,
  } = useComponentConfig('pagination');
  const prefixCls = getPrefixCls('pagination');
  const selectPrefixCls = getPrefixCls('select');
  const [hashId, cssVarCls] = usePaginationStyle(prefixCls);
  const mergedSize = useSize(customizeSize);
  const [contextLocale] = useLocale('Pagination', enUS);
  const showSizeChanger = rest.showSizeChanger ?? (typeof contextShowSizeChanger === 'boolean' ? contextShowSizeChanger : undefined);
  // rc-pagination shows the changer when asked, or by default once total passes the boundary (50).
  const changerShown = showSizeChanger ?? (rest.total ?? 0) > (totalBoundaryShowSizeChanger ?? 50);
  useEffect(() => {
    // Only warms the module cache: if the load fails, the lazy changer's own import reports it
    // where it renders (and a pager unmounted meanwhile, as at a test's end, has nothing to report).
    if (changerShown) loadSizeChanger().catch(() => undefined);
  }, [changerShown]);

  const isRtl = direction === 'rtl';
  const ellipsis = (
    <span className={`${prefixCls}-item-ellipsis`}>
      <EllipsisOutlined />
    </span>
  );
  const jump = (icon: ReactNode) => (
    <a className={`${prefixCls}-item-link`}>
      <div className={`${prefixCls}-item-container`}>
        {icon}
        {ellipsis}
      </div>
    </a>
  );
  const step = (icon: ReactNode) => (
    <button className={`${prefixCls}-item-link`} type="button" tabIndex={-1}>
      {icon}
    </button>
  );
  const sizeChangerRender: RcPaginationProps['sizeChangerRender'] = (info) => (
    <Suspense fallback={<span className={`${prefixCls}-options-size-changer-placeholder`} style={placeholderStyle(mergedSize, info.options)} />}>
      <PageSizeSelect info={info} controlSize={mergedSize} prefixCls={prefixCls} />
    </Suspense>
  );
  return (
    <RcPagination
      prevIcon={step(isRtl ? <RightOutlined /> : <LeftOutlined />)}
      nextIcon={step(isRtl ? <LeftOutlined /> : <RightOutlined />)}
      jumpPrevIcon={jump(<DoubleLeftOutlined className={`${prefixCls}-item-link-icon`} />)}
      jumpNextIcon={jump(<DoubleRightOutlined className={`${prefixCls}-item-link-icon`} />)}
      {...rest}
      styles={{}}
      classNames={{}}
      style={{}}
      prefixCls={prefixCls}
      selectPrefixCls={selectPrefixCls}
      className={classes(
        mergedSize && `${prefixCls}-${mergedSize}`,
        // Deprecated in antd (to go in v7) but still drawn, and its stylesheet keys on it.
        mergedSize === 'small' && `${prefixCls}-mini`,
        isRtl && `${prefixCls}-rtl`,
        contextClassName,
        className,
        hashId,
        cssVarCls,
      )}
      locale={contextLocale}
      pageSizeOptions={pageSizeOptions?.map(Number)}
      showSizeChanger={showSizeChanger}
      totalBoundaryShowSizeChanger={totalBoundaryShowSizeChanger}
      sizeChangerRender={sizeChangerRender}
    />
  );
}

/**
 * placeholderStyle is the size of the changer before its Select is in: its height is the control's
 * (antd's controlHeight, SM when small), its width that of the longest label, as the Select sizes
 * itself to its value (popupMatchSelectWidth false).
 */
function placeholderStyle(size: string | undefined, options: { label: string }[]) {
  const longest = Math.max(0, ...options.map((o) => o.label.length));
  const small = size === 'small';
  return {
    display: 'inline-block',
    verticalAlign: 'top',
    height: small ? 24 : 32,
    // The label's characters (a Chinese one is about a full em) plus the Select's padding and arrow.
    width: `calc(${longest * 0.62}em + ${small ? 40 : 44}px)`,
  };
}
