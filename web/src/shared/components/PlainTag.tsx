// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { isPresetColor, isPresetStatusColor } from 'antd/es/_util/colors';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useTagStyle from 'antd/es/tag/style';
import PresetStyles from 'antd/es/tag/style/presetCmp';
import StatusStyles from 'antd/es/tag/style/statusCmp';
import type { ReactNode } from 'react';
import { classes } from './antdLike';

export interface PlainTagProps {
  /** color is one of antd's preset colours (red, green, gold, …) or statuses (success, error, …); unset: grey. */
  color?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * PlainTag is antd's Tag as the portal uses it, a coloured label (docs/decisions/frontend-load.md, "Front-end load"): the same element,
 * class names and styles (antd's tag stylesheets, with the theme), without what a label never
 * needs here: closing, links, the click wave, icons, checkable tags and colours computed from a
 * hex value (a colour that is not a preset name is drawn grey).
 */
export function PlainTag({ color, children, 'data-testid': testId }: PlainTagProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle, variant: contextVariant } = useComponentConfig('tag');
  const prefixCls = getPrefixCls('tag');
  const [hashId, cssVarCls] = useTagStyle(prefixCls);
  const preset = isPresetColor(color);
  const status = isPresetStatusColor(color);
  return (
    <span
      data-testid={testId}
      className={classes(
        prefixCls,
        contextClassName,
        `${prefixCls}-${contextVariant ?? 'filled'}`,
        (preset || status) && `${prefixCls}-${color}`,
        direction === 'rtl' && `${prefixCls}-rtl`,
        hashId,
        cssVarCls,
      )}
      style={contextStyle}
    >
      {children}
      {preset && <PresetStyles key="preset" prefixCls={prefixCls} />}
      {status && <StatusStyles key="status" prefixCls={prefixCls} />}
    </span>
  );
}
