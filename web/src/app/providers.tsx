import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import antdZhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { RuntimeConfigContext, type RuntimeConfig } from '@/shared/config';
import { FeedbackBridge } from '@/shared/feedback/FeedbackBridge';
import { TOAST_SECONDS } from '@/shared/feedback/toast';
import { useBlockSpaceKey } from '@/shared/hooks/useBlockSpaceKey';

dayjs.locale('zh-cn');

/** DEV_BANNER_HEIGHT is the dev banner's height in px (layout.module.css .devBanner min-height, border-box). */
const DEV_BANNER_HEIGHT = 28;

/** theme is the portal's antd theme: the blue of the header, modest corners. */
const theme = {
  token: {
    colorPrimary: '#1f5fbf',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
};

function SpaceKeyBlock() {
  useBlockSpaceKey();
  return null;
}

export interface AppProvidersProps {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * AppProviders wraps the app: runtime config, antd (zh_CN, theme, App for
 * context-aware toasts), TanStack Query, and the global Space-key block.
 */
export function AppProviders({ config, queryClient, children }: AppProvidersProps) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ConfigProvider locale={antdZhCN} theme={theme}>
        {/* In dev mode the toasts start below the 28 px dev banner rather than over its links. */}
        <AntdApp message={{ duration: TOAST_SECONDS, maxCount: 3, top: config.dev ? DEV_BANNER_HEIGHT + 8 : 8 }}>
          <FeedbackBridge />
          <SpaceKeyBlock />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </RuntimeConfigContext.Provider>
  );
}
