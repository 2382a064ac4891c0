import { ConfigProvider } from 'antd';
import antdZhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useRuntimeConfig } from '@/shared/config';
import { MessageApp } from '@/shared/feedback/message';

/** DEV_BANNER_HEIGHT is the dev banner's height in px (layout.module.css .devBanner min-height, border-box). */
const DEV_BANNER_HEIGHT = 28;

/** theme is the portal's antd theme: the blue of the header, modest corners (src/shared/light mirrors it). */
export const theme = {
  token: {
    colorPrimary: '#1f5fbf',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};

/**
 * AntdProviders gives antd components the portal's locale (zh_CN), theme and MessageApp (antd's App
 * with its context-aware toasts only, also bound to `toast`). Every page but the login page renders inside it
 * (src/app/RootLayout.tsx); the login page loads without antd and mounts it only around what
 * it opens later (the slider, the certificate tab) and for its toasts (issue 19). It is always
 * loaded lazily: importing it brings antd's core.
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  const { dev } = useRuntimeConfig();
  return (
    <ConfigProvider locale={antdZhCN} theme={theme}>
      {/* In dev mode the toasts start below the 28 px dev banner rather than over its links. */}
      <MessageApp toast top={dev ? DEV_BANNER_HEIGHT + 8 : 8}>{children}</MessageApp>
    </ConfigProvider>
  );
}

export default AntdProviders;
