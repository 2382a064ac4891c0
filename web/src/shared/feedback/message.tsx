// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import type { MessageInstance } from 'antd/es/message/interface';
import useAntdMessage from 'antd/es/message/useMessage';
import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { classes } from '@/shared/components/antdLike';
import { bindToast, messageSink, TOAST_SECONDS } from './toast';

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

/**
 * MessageApp is antd's <App> with its message hook only (issue 19): the same root element and
 * styles (class ant-app, antd's app stylesheet with the theme) and a context-aware message
 * instance for useMessage and, with `toast`, for `toast`, without App's modal and notification
 * hooks, which brought Modal, its buttons and the notification engine into every page's first
 * load (~12 KiB gzip). A component that asks for a confirmation takes Modal.useModal() itself.
 */
export function MessageApp({ top, toast = false, children }: MessageAppProps) {
  const { getPrefixCls, direction, className: contextClassName, style: contextStyle } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [api, holder] = useAntdMessage({ duration: TOAST_SECONDS, maxCount: 3, top });
  useLayoutEffect(() => (toast ? bindToast(messageSink(api)) : undefined), [api, toast]);
  return (
    <MessageContext value={api}>
      <div className={classes(contextClassName, hashId, prefixCls, cssVarCls, direction === 'rtl' && `${prefixCls}-rtl`)} style={contextStyle}>
        {holder}
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
