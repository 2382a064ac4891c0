import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { bindToast, messageSink } from './toast';

/** FeedbackBridge binds antd's context-aware message instance to `toast`. Render it once inside antd's <App>. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useLayoutEffect(() => bindToast(messageSink(message)), [message]);
  return null;
}
