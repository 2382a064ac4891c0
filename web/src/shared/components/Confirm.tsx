import type { PopconfirmProps } from 'antd';
import type Popconfirm from 'antd/es/popconfirm';
import { cloneElement, useEffect, useState, type MouseEvent, type ReactElement } from 'react';
import { fetchOnce, whenIdle } from './lazyPart';

type PopconfirmModule = { default: typeof Popconfirm };
type TriggerProps = { onClick?: (e: MouseEvent<HTMLElement>) => void; onMouseEnter?: (e: MouseEvent<HTMLElement>) => void };

let loaded: PopconfirmModule | undefined;

/** loadPopconfirm fetches antd's Popconfirm once (again after a failed fetch). */
const loadPopconfirm = fetchOnce(() => import('antd/es/popconfirm').then((m: PopconfirmModule) => (loaded = m)));

export type ConfirmProps = Omit<PopconfirmProps, 'children' | 'open' | 'defaultOpen'> & { children: ReactElement<TriggerProps> };

/**
 * Confirm is antd's Popconfirm fetched after the page shows (docs/decisions/frontend-load.md, "Front-end load"): Popconfirm, with the
 * Popover and Tooltip under it, is about 5 KiB gzip that the table pages carried in their first
 * load for a question asked only after a click. Until its code is in, the trigger (children)
 * renders as it is; the code is fetched when the browser is idle or the pointer comes over the
 * trigger, and a click that comes before it opens the question once it has arrived.
 */
export function Confirm({ children, ...props }: ConfirmProps) {
  const [, setReady] = useState(loaded !== undefined);
  // Open is held here, not left to Popconfirm: a click that came before the code may be answered
  // after a Popconfirm has mounted (the idle fetch rendered it first), which a defaultOpen would miss.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (loaded) return;
    return whenIdle(() => void loadPopconfirm().then(() => setReady(true), () => undefined));
  }, []);

  if (loaded) {
    const Loaded = loaded.default;
    return (
      <Loaded
        {...props}
        open={open}
        onOpenChange={(next: boolean) => {
          setOpen(next);
          props.onOpenChange?.(next);
        }}
      >
        {children}
      </Loaded>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(e);
      void loadPopconfirm().catch(() => undefined);
    },
    onClick: (e: MouseEvent<HTMLElement>) => {
      own.onClick?.(e);
      void loadPopconfirm().then(
        () => setOpen(true),
        () => undefined,
      );
    },
  });
}
