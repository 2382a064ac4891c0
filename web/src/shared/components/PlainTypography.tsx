// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { useComponentConfig } from 'antd/es/config-provider/context';
import useTypographyStyle from 'antd/es/typography/style';
import type { CSSProperties, ReactNode } from 'react';
import { classes } from './antdLike';

interface TypographyProps {
  /** type colours the text as antd's Typography does. */
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  strong?: boolean;
  code?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
  'data-kind'?: string;
}

/**
 * PlainText, PlainParagraph and PlainTitle are antd's Typography.Text, .Paragraph and .Title as
 * the portal mostly uses them (docs/decisions/frontend-load.md, "Front-end load"): the same elements, class names and styles (antd's
 * typography stylesheet, with the theme), with a type, strong and code, but without copying,
 * editing and ellipsis, which bring antd's Tooltip, the TextArea and a measuring engine to every
 * page that shows a line of secondary text. A text that is copied or cut with an ellipsis uses
 * antd's Typography.
 */
export function PlainText(props: TypographyProps) {
  return <Typography tag="span" {...props} />;
}

export function PlainParagraph(props: TypographyProps) {
  return <Typography tag="div" {...props} />;
}

export function PlainTitle({ level = 1, ...props }: TypographyProps & { level?: 1 | 2 | 3 | 4 | 5 }) {
  return <Typography tag={`h${level}`} {...props} />;
}

function Typography({ tag: Tag, type, strong, code, className, style, children, 'data-testid': testId, 'data-kind': kind }: TypographyProps & { tag: 'span' | 'div' | `h${1 | 2 | 3 | 4 | 5}` }) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('typography');
  const prefixCls = getPrefixCls('typography');
  const [hashId, cssVarCls] = useTypographyStyle(prefixCls);
  // antd wraps strong inside code (its wrapperDecorations order).
  let content = children;
  if (strong) content = <strong>{content}</strong>;
  if (code) content = <code>{content}</code>;
  return (
    <Tag
      data-testid={testId}
      data-kind={kind}
      className={classes(prefixCls, direction === 'rtl' && `${prefixCls}-rtl`, type && `${prefixCls}-${type}`, className, hashId, cssVarCls, contextClassName)}
      style={contextStyle || style ? { ...contextStyle, ...style } : undefined}
    >
      {content}
    </Tag>
  );
}
