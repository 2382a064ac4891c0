// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import Empty from 'antd/es/empty';
import useListStyle from 'antd/es/list/style';
import Spin from 'antd/es/spin';
import { Children, type Key, type ReactNode } from 'react';
import { classes } from './antdLike';

export interface PlainListProps<T> {
  dataSource: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  /** rowKey names each item's key; without it the item's own key, or its place. */
  rowKey?: (item: T) => Key;
  size?: 'small' | 'large';
}

/**
 * PlainList is antd's List for a short list shown whole (docs/decisions/frontend-load.md, "Front-end load"): the same elements, class names
 * and stylesheet (antd's list style, with the theme), without List's pagination, which imports
 * Pagination, its Select and the popup engine (about 50 KiB gzip) for lists of a few items.
 * Items are PlainListItem, with PlainListMeta; a list that pages, loads or lays out a grid uses
 * antd's List.
 */
export function PlainList<T>({ dataSource, renderItem, rowKey, size }: PlainListProps<T>) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('list');
  const prefixCls = getPrefixCls('list');
  const [hashId, cssVarCls] = useListStyle(prefixCls);
  const rootClass = classes(
    prefixCls,
    size === 'large' && `${prefixCls}-lg`,
    size === 'small' && `${prefixCls}-sm`,
    `${prefixCls}-split`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    contextClassName,
    hashId,
    cssVarCls,
  );
  const keyOf = (item: T, index: number): Key =>
    rowKey?.(item) ?? (item as { key?: Key } | null)?.key ?? `list-item-${index}`;
  return (
    <div style={{ ...contextStyle }} className={rootClass}>
      <Spin spinning={false}>
        {dataSource.length > 0 ? (
          <ul className={`${prefixCls}-items ${prefixCls}-container ${cssVarCls}`}>
            {dataSource.map((item, index) => (
              <ItemKey key={keyOf(item, index)}>{renderItem(item, index)}</ItemKey>
            ))}
          </ul>
        ) : (
          <div className={`${prefixCls}-empty-text`}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          </div>
        )}
      </Spin>
    </div>
  );
}

/** ItemKey carries an item's key (List clones the rendered item with it; a fragment does the same for React). */
function ItemKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** PlainListItem is List.Item in a list without grid or vertical layout. */
export function PlainListItem({ actions, children }: { actions?: ReactNode[]; children?: ReactNode }) {
  const { getPrefixCls } = useComponentConfig('list');
  const prefixCls = getPrefixCls('list');
  // List.Item drops its flex layout when it holds text beside other nodes.
  const nodes = Children.toArray(children);
  const noFlex = nodes.some((n) => typeof n === 'string') && nodes.length > 1;
  return (
    <li className={`${prefixCls}-item${noFlex ? ` ${prefixCls}-item-no-flex` : ''}`}>
      {children}
      {actions && actions.length > 0 && (
        <ul className={`${prefixCls}-item-action`}>
          {actions.map((action, i) => (
            <li key={`${prefixCls}-item-action-${i}`}>
              {action}
              {i !== actions.length - 1 && <em className={`${prefixCls}-item-action-split`} />}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** PlainListMeta is List.Item.Meta: an avatar, a title and a description. */
export function PlainListMeta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  const { getPrefixCls } = useComponentConfig('list');
  const prefixCls = getPrefixCls('list');
  const shown = (n: ReactNode) => n !== null && n !== undefined && n !== false && n !== '';
  return (
    <div className={`${prefixCls}-item-meta`}>
      {shown(avatar) && <div className={`${prefixCls}-item-meta-avatar`}>{avatar}</div>}
      {(shown(title) || shown(description)) && (
        <div className={`${prefixCls}-item-meta-content`}>
          {shown(title) && <h4 className={`${prefixCls}-item-meta-title`}>{title}</h4>}
          {shown(description) && <div className={`${prefixCls}-item-meta-description`}>{description}</div>}
        </div>
      )}
    </div>
  );
}
