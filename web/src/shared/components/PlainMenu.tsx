// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useMenuStyle from 'antd/es/menu/style';
import { cloneElement, useRef, type CSSProperties, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { classes, rovingTarget } from './antdLike';

export interface PlainMenuLeaf {
  key: string;
  label: ReactNode;
  /** icon is shown before the label, as Menu's item icon (an @ant-design/icons element). */
  icon?: ReactElement<{ className?: string }>;
}

export interface PlainMenuGroup {
  key: string;
  label: string;
  type: 'group';
  children: PlainMenuLeaf[];
}

export type PlainMenuItem = PlainMenuLeaf | PlainMenuGroup;

export interface PlainMenuProps {
  items: PlainMenuItem[];
  /** selectedKey is the item shown as selected (antd's selectedKeys, one key). */
  selectedKey?: string;
  onClick: (key: string) => void;
  style?: CSSProperties;
  className?: string;
}

/** antd's inline indent of a first-level item (Menu's inlineIndent). */
const INDENT = 24;

/**
 * PlainMenu is antd's Menu in inline mode with items and item groups only (docs/decisions/frontend-load.md, "Front-end load"): the same
 * elements, class names and styles (antd's own menu stylesheet, with the theme), so it looks the
 * same, but it does not import Menu, which brings rc-menu, its overflow measuring, the sub-menu
 * popups and their tooltips: about 25 KiB gzip on every account-centre page, whose side menu has
 * no sub-menus. Keyboard: the items are one tab stop (the selected one, or the first); the arrow
 * keys, Home and End move between them, Enter and Space choose, as in antd's menu.
 */
export function PlainMenu({ items, selectedKey, onClick, style, className }: PlainMenuProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('menu');
  const prefixCls = getPrefixCls('menu');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useMenuStyle(prefixCls, rootCls);
  const list = useRef<HTMLUListElement>(null);
  const leaves = items.flatMap((i) => ('type' in i ? i.children : [i]));
  const tabStop = leaves.some((l) => l.key === selectedKey) ? selectedKey : leaves[0]?.key;

  function onKeyDown(e: KeyboardEvent<HTMLLIElement>, key: string) {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onClick(key);
      return;
    }
    const to = rovingTarget(e.key, leaves.findIndex((l) => l.key === key), leaves.length, 'ArrowDown', 'ArrowUp');
    if (to === undefined) return;
    e.preventDefault();
    const next = leaves[to];
    list.current?.querySelector<HTMLLIElement>(`li[data-menu-key="${CSS.escape(next?.key ?? '')}"]`)?.focus();
  }

  const leaf = ({ key, label, icon }: PlainMenuLeaf) => (
    <li
      key={key}
      className={classes(`${prefixCls}-item`, key === selectedKey && `${prefixCls}-item-selected`, !icon && `${prefixCls}-item-only-child`)}
      style={{ [direction === 'rtl' ? 'paddingRight' : 'paddingLeft']: INDENT }}
      role="menuitem"
      tabIndex={key === tabStop ? 0 : -1}
      aria-current={key === selectedKey ? 'page' : undefined}
      data-menu-key={key}
      onClick={() => onClick(key)}
      onKeyDown={(e) => onKeyDown(e, key)}
    >
      {icon && cloneElement(icon, { className: classes(icon.props.className, `${prefixCls}-item-icon`) })}
      <span className={`${prefixCls}-title-content`}>{label}</span>
    </li>
  );

  const rootClass = classes(
    prefixCls,
    `${prefixCls}-root`,
    `${prefixCls}-inline`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    `${prefixCls}-light`,
    contextClassName,
    className,
    hashId,
    cssVarCls,
    rootCls,
  );
  return (
    <ul ref={list} className={rootClass} style={{ ...contextStyle, ...style }} role="menu" data-menu-list="true">
      {items.map((item) =>
        'type' in item ? (
          <li key={item.key} role="presentation" className={`${prefixCls}-item-group`}>
            <div role="presentation" className={`${prefixCls}-item-group-title`} title={item.label}>
              {item.label}
            </div>
            <ul role="group" className={`${prefixCls}-item-group-list`}>
              {item.children.map(leaf)}
            </ul>
          </li>
        ) : (
          leaf(item)
        ),
      )}
    </ul>
  );
}
