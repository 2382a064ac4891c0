// antd's own Select, deep: the module `antd` resolves to in the bundle (its ES build).
import type { PaginationProps } from '@rc-component/pagination';
import Select from 'antd/es/select';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { classes } from './antdLike';

export type ChangerInfo = Parameters<NonNullable<PaginationProps['sizeChangerRender']>>[0];

/**
 * PageSizeSelect is the size changer antd's Pagination draws (its sizeChangerRender, with the same
 * props), in a chunk of its own: PlainPagination loads it after the pager shows (docs/decisions/frontend-load.md, "Front-end load").
 * controlSize is the pager's size (info.size is the page size).
 */
export default function PageSizeSelect({ info, controlSize, prefixCls }: { info: ChangerInfo; controlSize: SizeType; prefixCls: string }) {
  // antd's Select options carry the value as given; the changer matches the page size by its text.
  const value = info.options.find((o) => String(o.value) === String(info.size))?.value;
  return (
    <Select
      disabled={info.disabled}
      showSearch
      popupMatchSelectWidth={false}
      getPopupContainer={(node: HTMLElement) => node.parentNode as HTMLElement}
      aria-label={info['aria-label']}
      options={info.options}
      value={value}
      onChange={(next: string | number) => info.onSizeChange(next)}
      size={controlSize}
      className={classes(`${prefixCls}-options-size-changer-select`, info.className)}
    />
  );
}
