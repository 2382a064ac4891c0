// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import useCardStyle from 'antd/es/card/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import Skeleton from 'antd/es/skeleton';
import { Children, type CSSProperties, type ReactNode } from 'react';

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
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * Panel is antd's Card without its tabs (issue 19): the same elements, class names and styles
 * (antd's own card stylesheet, with the theme), so it looks the same, but it does not import Card,
 * whose tab list brings antd's Tabs, their overflow dropdown, the menu and the popup engine: about
 * 45 KiB gzip on a page that shows no tabs or popups. A page that needs a tab list, a cover or
 * actions uses antd's Card.
 */
export function Panel({ title, extra, loading, size, variant, className, style, styles, children, 'data-testid': testId }: PanelProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('card');
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const rootClass = [
    prefixCls,
    contextClassName,
    loading && `${prefixCls}-loading`,
    variant !== 'borderless' && `${prefixCls}-bordered`,
    size === 'small' && `${prefixCls}-small`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    className,
    hashId,
    cssVarCls,
  ]
    .filter(Boolean)
    .join(' ');
  const hasHead = isShown(title) || isShown(extra);
  const hasBody = loading || Children.toArray(children).length > 0;
  return (
    <div data-testid={testId} className={rootClass} style={{ ...contextStyle, ...style }}>
      {hasHead && (
        <div className={`${prefixCls}-head`} style={styles?.header}>
          <div className={`${prefixCls}-head-wrapper`}>
            {isShown(title) && <div className={`${prefixCls}-head-title`}>{title}</div>}
            {isShown(extra) && <div className={`${prefixCls}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      {hasBody && (
        <div className={`${prefixCls}-body`} style={styles?.body}>
          {loading ? <Skeleton loading active paragraph={{ rows: 4 }} title={false} /> : children}
        </div>
      )}
    </div>
  );
}

/** isShown is what Card treats as a title or an extra to render (its isReactRenderable): not null, undefined, false or ''. */
function isShown(n: ReactNode): boolean {
  return n !== null && n !== undefined && n !== false && n !== '';
}
