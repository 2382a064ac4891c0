// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { classes, rovingTarget } from './antdLike';
import { usePlainTabsStyle as useTabsStyle } from './plainTabsStyle';

export interface PlainTabsProps {
  items: { key: string; label: ReactNode }[];
  activeKey?: string;
  onChange?: (key: string) => void;
  /** extra is drawn at the end of the tab bar (Tabs' tabBarExtraContent). */
  extra?: ReactNode;
  /** As Tabs' size and type (line tabs of the middle size when unset). */
  size?: 'small' | 'middle' | 'large';
  type?: 'line' | 'card';
  className?: string;
}

/**
 * PlainTabs is antd's Tabs as a bar of a few controlled tabs whose panes the page draws itself
 * (docs/decisions/frontend-load.md, "Front-end load"): antd Tabs' elements, class names and stylesheet (the part of it that draws these,
 * plainTabsStyle.ts), with its ink bar under the active tab, but without rc-tabs' overflow
 * measuring, its 更多 dropdown and the popup engine behind it, which two or three short tabs never
 * need (about 20 KiB gzip). The panes are the page's, as in a Tabs whose items carry no children:
 * one empty tab panel is drawn as Tabs draws it. Keyboard as antd's: the arrow keys, Home and End
 * choose a tab and move the focus to it.
 */
export function PlainTabs({ items, activeKey, onChange, extra, size = 'middle', type = 'line', className }: PlainTabsProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('tabs');
  const prefixCls = getPrefixCls('tabs');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useTabsStyle(prefixCls, rootCls);
  const id = useId();
  const active = activeKey ?? items[0]?.key;
  const list = useRef<HTMLDivElement>(null);
  // The ink bar is centred under the active tab, measured after layout as rc-tabs does.
  const [ink, setInk] = useState({ left: 0, width: 0 });
  useLayoutEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>(`[data-node-key="${CSS.escape(active ?? '')}"]`);
    if (!tab) return;
    const next = { left: tab.offsetLeft + tab.offsetWidth / 2, width: tab.offsetWidth };
    // The same place keeps the same state: no render of its own when the parent renders again.
    setInk((prev) => (prev.left === next.left && prev.width === next.width ? prev : next));
  }, [active, items]);

  function onKeyDown(e: KeyboardEvent) {
    const at = items.findIndex((t) => t.key === active);
    const [next, prev] = direction === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    const to = at < 0 ? undefined : rovingTarget(e.key, at, items.length, next, prev);
    if (to === undefined) return;
    e.preventDefault();
    const tab = items[to];
    if (!tab) return;
    onChange?.(tab.key);
    list.current?.querySelector<HTMLElement>(`[data-node-key="${CSS.escape(tab.key)}"] [role="tab"]`)?.focus();
  }

  // In rc-tabs' order: its own classes, then antd's (size, type, the context's and the caller's).
  const rootClass = classes(
    prefixCls,
    `${prefixCls}-top`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    size !== 'middle' && `${prefixCls}-${size}`,
    type === 'card' && `${prefixCls}-card`,
    contextClassName,
    className,
    hashId,
    cssVarCls,
    rootCls,
  );
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;
  return (
    <div className={rootClass} style={contextStyle}>
      {/* The tablist is the list of tabs, not antd's whole nav: the extra content (a link) in a
          tablist breaks its required children (axe aria-required-children; docs/accessibility.md). */}
      <div className={`${prefixCls}-nav`}>
        <div className={`${prefixCls}-nav-wrap`}>
          <div ref={list} role="tablist" aria-orientation="horizontal" className={`${prefixCls}-nav-list`} style={{ transform: 'translate(0px, 0px)' }} onKeyDown={onKeyDown}>
            {items.map((t) => (
              <div key={t.key} data-node-key={t.key} className={classes(`${prefixCls}-tab`, t.key === active && `${prefixCls}-tab-active`)}>
                <div
                  role="tab"
                  aria-selected={t.key === active}
                  className={`${prefixCls}-tab-btn`}
                  tabIndex={t.key === active ? 0 : -1}
                  id={tabId(t.key)}
                  aria-controls={panelId(t.key)}
                  onClick={() => t.key !== active && onChange?.(t.key)}
                >
                  {t.label}
                </div>
              </div>
            ))}
            <div className={`${prefixCls}-ink-bar ${prefixCls}-ink-bar-animated`} style={{ width: ink.width, left: ink.left, transform: 'translateX(-50%)' }} />
          </div>
        </div>
        {extra !== undefined && extra !== null && <div className={`${prefixCls}-extra-content`}>{extra}</div>}
      </div>
      {active !== undefined && (
        <div className={`${prefixCls}-body-holder`}>
          <div className={`${prefixCls}-body ${prefixCls}-body-top`}>
            <div role="tabpanel" tabIndex={-1} aria-hidden="false" className={`${prefixCls}-content ${prefixCls}-content-active`} id={panelId(active)} aria-labelledby={tabId(active)} />
          </div>
        </div>
      )}
    </div>
  );
}
