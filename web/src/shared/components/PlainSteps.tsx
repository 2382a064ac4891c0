import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import Wave from 'antd/es/_util/wave';
import { useComponentConfig } from 'antd/es/config-provider/context';
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import { usePlainStepsStyle as useStepsStyle } from './plainStepsStyle';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { classes, isShown } from './antdLike';

type StepStatus = 'wait' | 'process' | 'finish';

export interface PlainStepsProps {
  /** current is the step in progress (0-based); the steps before it are drawn done. */
  current?: number;
  /** status overrides the one current gives (a skipped step left 'wait'); content is drawn below the title. */
  items: { title: ReactNode; status?: StepStatus; content?: ReactNode }[];
  /** onChange makes every step a button; it is called with a step other than current. */
  onChange?: (step: number) => void;
  className?: string;
  style?: CSSProperties;
}

/**
 * PlainSteps is antd's Steps as the wizards use it (docs/decisions/frontend-load.md, "Front-end load"): numbered steps with a title, the
 * done ones ticked, optionally clickable, vertical on a phone-wide screen as Steps is by default
 * (responsive). The same elements, class names and styles (antd's steps stylesheet, with the
 * theme) and the click wave of clickable steps, without what these wizards never show: dots,
 * panels, navigation and inline types, progress rings, error states, custom icons, tooltips and
 * maxCount's folding (antd's Steps is about 9 KiB gzip on the wizards' first load).
 */
export function PlainSteps({ current = 0, items, onChange, className, style }: PlainStepsProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('steps');
  const rootPrefixCls = getPrefixCls();
  const prefixCls = getPrefixCls('steps');
  const [hashId, cssVarCls] = useStepsStyle(prefixCls);
  // Steps turns vertical below antd's sm breakpoint (576 px), its titles then beside the icons.
  const { xs } = useBreakpoint(true);
  const orientation = xs ? 'vertical' : 'horizontal';
  const itemCls = `${prefixCls}-item`;
  const statusOf = (i: number): StepStatus => items[i]?.status ?? (i === current ? 'process' : i < current ? 'finish' : 'wait');
  const rootClass = classes(
    prefixCls,
    `${prefixCls}-${orientation}`,
    `${prefixCls}-title-horizontal`,
    contextClassName,
    `${prefixCls}-filled`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    className,
    hashId,
    cssVarCls,
  );
  return (
    <div className={rootClass} style={{ [`--${rootPrefixCls}-cmp-steps-items-offset`]: '0', ...contextStyle, ...style }}>
      {items.map((item, i) => {
        const status = statusOf(i);
        const clickable = onChange !== undefined;
        const button = clickable
          ? {
              role: 'button',
              tabIndex: 0,
              onClick: () => i !== current && onChange(i),
              // As rc-steps: Enter and Space press the step's button.
              onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                e.currentTarget.click();
              },
            }
          : {};
        const step = (
          // aria-current names the step in progress to assistive technology (antd's Steps says it by colour only).
          <div key={i} {...button} aria-current={i === current ? 'step' : undefined} className={classes(itemCls, `${itemCls}-${status}`, i === current && `${itemCls}-active`, !isShown(item.title) && `${itemCls}-empty-header`)}>
            <div className={`${itemCls}-wrapper`}>
              <div className={`${itemCls}-icon ${rootPrefixCls}-wave-target`}>
                {status === 'finish' ? <CheckOutlined className={`${itemCls}-icon-finish`} /> : <span className={`${itemCls}-icon-number`}>{i + 1}</span>}
              </div>
              <div className={`${itemCls}-section`}>
                <div className={`${itemCls}-header`}>
                  {item.title !== undefined && item.title !== null && <div className={`${itemCls}-title`}>{item.title}</div>}
                  {i < items.length - 1 && <div className={`${itemCls}-rail ${itemCls}-rail-${statusOf(i + 1)}`} />}
                </div>
                {item.content !== undefined && item.content !== null && <div className={`${itemCls}-content`}>{item.content}</div>}
              </div>
            </div>
          </div>
        );
        // The wave antd plays on a clicked step (from the icon, in the primary colour).
        return (
          <Wave key={i} component="Steps" disabled={!clickable} colorSource="color">
            {step}
          </Wave>
        );
      })}
    </div>
  );
}
