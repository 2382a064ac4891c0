// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import useCardStyle from 'antd/es/card/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import { Children, type CSSProperties, type ReactNode } from 'react';
import { classes, isShown } from './antdLike';
import './PanelSkeleton.css';

export interface PanelProps {
  title?: ReactNode;
  extra?: ReactNode;
  /** loading shows antd Card's placeholder (an active four-line skeleton) instead of the children. */
  loading?: boolean;
  size?: 'small';
  /** borderless drops the border, as Card's variant="borderless". */
  variant?: 'borderless';
  className?: string;
  style?: CSSProperties;
  /** The head's and the body's own styles, as Card's styles.header and styles.body. */
  styles?: { header?: CSSProperties; body?: CSSProperties };
  /**
   * tabBar is a tab bar drawn in the head (a CardTabs, size "large", or "small" in a small
   * Panel), as Card's tabList. A slot rather than Panel's own props: the tabs' stylesheet is
   * then loaded only by the pages that show tabs.
   */
  tabBar?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * Panel is antd's Card without antd's Tabs (docs/decisions/frontend-load.md, "Front-end load"): the same elements, class names and styles
 * (antd's own card stylesheet, with the theme), so it looks the same, but it does not import Card,
 * whose tab list brings antd's Tabs, their overflow dropdown, the menu and the popup engine: about
 * 45 KiB gzip. A tab list in the head is a CardTabs in tabBar (a few tabs that always fit, no
 * overflow menu). A page that needs a cover or actions uses antd's Card.
 */
export function Panel({ title, extra, loading, size, variant, className, style, styles, tabBar, children, 'data-testid': testId }: PanelProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('card');
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const rootClass = classes(
    prefixCls,
    contextClassName,
    loading && `${prefixCls}-loading`,
    variant !== 'borderless' && `${prefixCls}-bordered`,
    isShown(tabBar) && `${prefixCls}-contain-tabs`,
    size === 'small' && `${prefixCls}-small`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    className,
    hashId,
    cssVarCls,
  );
  const skeletonCls = getPrefixCls('skeleton');
  const hasHead = isShown(title) || isShown(extra) || isShown(tabBar);
  const hasBody = loading || Children.toArray(children).length > 0;
  return (
    <div data-testid={testId} className={rootClass} style={{ ...contextStyle, ...style }}>
      {hasHead && (
        <div className={`${prefixCls}-head`} style={styles?.header}>
          <div className={`${prefixCls}-head-wrapper`}>
            {isShown(title) && <div className={`${prefixCls}-head-title`}>{title}</div>}
            {isShown(extra) && <div className={`${prefixCls}-extra`}>{extra}</div>}
          </div>
          {isShown(tabBar) && tabBar}
        </div>
      )}
      {hasBody && (
        <div className={`${prefixCls}-body`} style={styles?.body}>
          {loading ? (
            // antd's <Skeleton active paragraph={{ rows: 4 }} title={false} />, drawn by PanelSkeleton.css
            // rather than antd's skeleton style hook; the hash and variables' classes are the theme's.
            <div className={`${skeletonCls} ${skeletonCls}-active ${hashId} ${cssVarCls}`}>
              <div className={`${skeletonCls}-section`}>
                <ul className={`${skeletonCls}-paragraph`}>
                  <li />
                  <li />
                  <li />
                  <li style={{ width: '61%' }} />
                </ul>
              </div>
            </div>
          ) : (
            children
          )}
        </div>
      )}
    </div>
  );
}

/**
 * PanelMeta is antd's Card.Meta (an avatar beside a title and a description) for a Panel: the
 * same elements and class names, drawn by the card stylesheet Panel puts into the page.
 */
export function PanelMeta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  const { getPrefixCls, className: contextClassName } = useComponentConfig('cardMeta');
  const meta = `${getPrefixCls('card')}-meta`;
  return (
    <div className={classes(meta, contextClassName)}>
      {isShown(avatar) && <div className={`${meta}-avatar`}>{avatar}</div>}
      {(isShown(title) || isShown(description)) && (
        <div className={`${meta}-section`}>
          {isShown(title) && <div className={`${meta}-title`}>{title}</div>}
          {isShown(description) && <div className={`${meta}-description`}>{description}</div>}
        </div>
      )}
    </div>
  );
}
