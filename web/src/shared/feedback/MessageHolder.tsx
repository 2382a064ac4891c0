import type { MessageInstance } from 'antd/es/message/interface';
import useAntdMessage from 'antd/es/message/useMessage';
import { useLayoutEffect } from 'react';
import { toastRegion } from './liveRegion';
import { TOAST_SECONDS } from './toast';

/**
 * MessageHolder is antd's message hook and the element its toasts render in. MessageApp
 * (message.tsx) loads this module when the first toast is asked for, or when the browser is idle
 * after the page has shown: the hook brings antd's notification engine and its motion, ~13 KiB
 * gzip that no page needs for its first paint (docs/decisions/frontend-load.md, "Front-end load"). The toasts render in a live region
 * (liveRegion.ts), so screen readers read them.
 */
export default function MessageHolder({ top, onApi }: { top?: number; onApi: (api: MessageInstance) => void }) {
  const [api, holder] = useAntdMessage({ duration: TOAST_SECONDS, maxCount: 3, top, getContainer: toastRegion });
  useLayoutEffect(() => onApi(api), [api, onApi]);
  return holder;
}
