import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';
// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useResultStyle from 'antd/es/result/style';
import type { CSSProperties, ReactNode } from 'react';
import { classes, isShown } from './antdLike';

export interface PlainResultProps {
  /** status picks the icon and its colour, as antd Result's (info when unset). */
  status?: 'success' | 'error' | 'info' | 'warning';
  /** icon replaces the status's icon; null or false: no icon. */
  icon?: ReactNode;
  title?: ReactNode;
  subTitle?: ReactNode;
  /** extra is the row of actions below the subtitle. */
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

const icons = { success: CheckCircleFilled, error: CloseCircleFilled, info: ExclamationCircleFilled, warning: WarningFilled };

/**
 * PlainResult is antd's Result for its four statuses with an icon (docs/decisions/frontend-load.md, "Front-end load"): the same elements,
 * class names and styles (antd's result stylesheet, with the theme), without the 404/403/500
 * illustrations Result always imports, about 10 KiB gzip of SVG drawn as React components. The
 * error pages, which show those illustrations, use antd's Result (errors/StatusResult).
 */
export function PlainResult({ status = 'info', icon, title, subTitle, extra, children, className, style, 'data-testid': testId }: PlainResultProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('result');
  const prefixCls = getPrefixCls('result');
  const [hashId, cssVarCls] = useResultStyle(prefixCls);
  const Icon = icons[status];
  return (
    <div
      data-testid={testId}
      className={classes(prefixCls, `${prefixCls}-${status}`, className, contextClassName, direction === 'rtl' && `${prefixCls}-rtl`, hashId, cssVarCls)}
      style={{ ...contextStyle, ...style }}
    >
      {icon !== null && icon !== false && <div className={`${prefixCls}-icon`}>{isShown(icon) ? icon : <Icon />}</div>}
      {isShown(title) && <div className={`${prefixCls}-title`}>{title}</div>}
      {isShown(subTitle) && <div className={`${prefixCls}-subtitle`}>{subTitle}</div>}
      {isShown(extra) && <div className={`${prefixCls}-extra`}>{extra}</div>}
      {isShown(children) && <div className={`${prefixCls}-body`}>{children}</div>}
    </div>
  );
}
