import type { MessageInstance } from 'antd/es/message/interface';

/**
 * toast shows short messages (antd `message`) from code that is not a React
 * component, such as the HTTP client. The app binds antd's
 * context-aware instance (MessageApp, message.tsx), so toasts
 * follow the theme and locale of the ConfigProvider. Toasts raised before that
 * (a route guard's warning on the first URL, before antd has loaded) wait and are shown on binding.
 */

/** TOAST_SECONDS is how long a toast stays (01 §9 and 02 §9: 3000 ms). */
export const TOAST_SECONDS = 3;

type Level = 'success' | 'error' | 'warning' | 'info';

/** ToastSink receives every toast; the app binds antd's message instance, tests bind a spy. */
export type ToastSink = (level: Level, content: string, key?: string) => void;

/**
 * sinks are the bound sinks, the latest on top: the login page, which loads without antd,
 * binds one from a small antd island when a toast first has to show, and the antd pages bind
 * their own above it while they are mounted (src/app/RootLayout.tsx).
 */
let sinks: ToastSink[] = [];
const MAX_PENDING = 5;
let pending: Parameters<ToastSink>[] = [];

/** wanted is set once a toast had to wait for a sink; RootLayout then mounts one (useToastWanted). */
let wanted = false;
const wantedListeners = new Set<() => void>();

/** bindToast routes toasts to s, first showing any that waited; it returns a function that removes the binding. */
export function bindToast(s: ToastSink): () => void {
  sinks = [...sinks, s];
  const waiting = pending;
  pending = [];
  for (const args of waiting) s(...args);
  return () => {
    sinks = sinks.filter((x) => x !== s);
  };
}

/** subscribeToastWanted and toastWanted are the store behind useToastWanted. */
export function subscribeToastWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

export function toastWanted(): boolean {
  return wanted;
}

/** messageSink adapts an antd MessageInstance. */
export function messageSink(api: MessageInstance): ToastSink {
  return (level, content, key) => {
    void api.open({ type: level, content, duration: TOAST_SECONDS, key });
  };
}

function show(level: Level, content: string, key?: string): void {
  const sink = sinks.at(-1);
  if (sink) {
    sink(level, content, key);
    return;
  }
  const next: Parameters<ToastSink> = [level, content, key];
  pending = [...pending.filter((p) => key === undefined || p[2] !== key), next].slice(-MAX_PENDING);
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((l) => l());
  }
}

/**
 * toast.x(content, key): a toast with the same key replaces the previous one
 * instead of stacking (used for network errors, which often come in bursts).
 */
export const toast = {
  success: (content: string, key?: string) => show('success', content, key),
  error: (content: string, key?: string) => show('error', content, key),
  warning: (content: string, key?: string) => show('warning', content, key),
  info: (content: string, key?: string) => show('info', content, key),
};
