// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { classes } from '@/shared/components/antdLike';
import { whenIdle } from '@/shared/components/lazyPart';
import { bindToast, messageSink } from './toast';

const MessageHolder = lazy(() => import('./MessageHolder'));

const MessageContext = createContext<MessageInstance | null>(null);

export interface MessageAppProps {
  /** top is the toasts' distance from the top of the window, px (antd message's `top`). */
  top?: number;
  /**
   * toast: `toast` (the HTTP client's, the guards') shows through this instance too, while it is
   * mounted. The app's providers set it; a test that watches toasts with a sink of its own does not.
   */
  toast?: boolean;
  children?: ReactNode;
}

type Opener = 'open' | 'success' | 'error' | 'info' | 'warning' | 'loading';
const openers: Opener[] = ['open', 'success', 'error', 'info', 'warning', 'loading'];

/**
 * DeferredMessage is a message instance that works before antd's message hook has loaded: a call
 * made before it waits (and asks for the hook), then runs in order. What a call returns closes
 * its toast and resolves when it closes, as antd's does, whether it waited or not.
 */
class DeferredMessage {
  private api: MessageInstance | null = null;
  private waiting: ((api: MessageInstance) => void)[] = [];
  readonly instance: MessageInstance;

  constructor(private readonly wanted: () => void) {
    const instance: Partial<MessageInstance> = {
      destroy: (key) => {
        if (this.api) this.api.destroy(key);
        else this.waiting = [];
      },
    };
    for (const name of openers) {
      instance[name] = ((...args: unknown[]) => this.call(name, args)) as never;
    }
    this.instance = instance as MessageInstance;
  }

  /** ready hands over antd's instance and runs the calls that waited for it. */
  ready(api: MessageInstance) {
    this.api = api;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((run) => run(api));
  }

  private call(name: Opener, args: unknown[]): MessageType {
    const open = (api: MessageInstance) => (api[name] as (...a: unknown[]) => MessageType)(...args);
    if (this.api) return open(this.api);
    let shown: MessageType | undefined;
    let closed = false;
    const done = new Promise<boolean>((resolve) => {
      this.waiting.push((api) => {
        if (closed) return resolve(false);
        shown = open(api);
        void shown.then(resolve);
      });
    });
    this.wanted();
    const close = () => {
      closed = true;
      shown?.();
    };
    return Object.assign(close, { then: done.then.bind(done) });
  }
}

/**
 * MessageApp is antd's <App> with its message hook only (docs/decisions/frontend-load.md, "Front-end load"): the same root element and
 * styles (class ant-app, antd's app stylesheet with the theme) and a context-aware message
 * instance for useMessage and, with `toast`, for `toast`, without App's modal and notification
 * hooks, which brought Modal, its buttons and the notification engine into every page's first
 * load (~12 KiB gzip). A component that asks for a confirmation takes Modal.useModal() itself.
 * The message hook itself (MessageHolder) loads when the first toast is asked for or when the
 * browser is idle, whichever comes first; a toast asked for before then shows once it is in.
 */
export function MessageApp({ top, toast = false, children }: MessageAppProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [load, setLoad] = useState(false);
  const [deferred] = useState(() => new DeferredMessage(() => setLoad(true)));
  const ready = useCallback((api: MessageInstance) => deferred.ready(api), [deferred]);
  useLayoutEffect(() => (toast ? bindToast(messageSink(deferred.instance)) : undefined), [deferred, toast]);
  useEffect(() => (load ? undefined : whenIdle(() => setLoad(true))), [load]);
  return (
    <MessageContext value={deferred.instance}>
      <div className={classes(contextClassName, hashId, prefixCls, cssVarCls, direction === 'rtl' && `${prefixCls}-rtl`)} style={contextStyle}>
        {load && (
          <Suspense fallback={null}>
            <MessageHolder top={top} onApi={ready} />
          </Suspense>
        )}
        {children}
      </div>
    </MessageContext>
  );
}

/** useMessage is the page's antd message instance (toasts that follow the theme and locale); render inside MessageApp. */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage: render inside MessageApp (AntdProviders)');
  return api;
}
