import { ConfigProvider } from 'antd';
import antdZhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useRuntimeConfig } from '@/shared/config';
import { useElderMode } from '@/shared/layout/elderMode';
import { MessageApp } from '@/shared/feedback/message';

/** DEV_BANNER_HEIGHT is the dev banner's height in px (layout.module.css .devBanner min-height, border-box). */
const DEV_BANNER_HEIGHT = 28;

/**
 * theme is the portal's antd theme: the blue of the header, modest corners (src/shared/light mirrors
 * it). Its colours are set here once for every antd part, each at 4.5:1 or more on white (WCAG
 * 1.4.3, docs/accessibility.md): the primary and link blue #1f5fbf (6.1:1; antd derives links from
 * colorInfo, #1677ff at 4.1:1, unless told), and descriptions #595959 (7:1; antd's 45 % black is
 * 3.4:1), used by card metas, step titles and descriptions, form extras and empty states. Hover
 * and active blues are darker, not lighter (white on antd's lighter hover was 4.2:1); error and
 * warning are darker shades (antd's are 3.3:1 and less); success keeps antd's seed, whose derived
 * tints the success tag's background needs; tag texts are darkened in components.Tag. A table's empty text is antd's disabled grey:
 * the description grey there.
 */
export const theme = {
  token: {
    colorPrimary: '#1f5fbf',
    colorInfo: '#1f5fbf',
    colorLink: '#1f5fbf',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorTextPlaceholder: '#666666',
    borderRadius: 4,
    colorPrimaryHover: '#174ea6',
    colorPrimaryActive: '#0b3d91',
    colorLinkHover: '#174ea6',
    colorLinkActive: '#0b3d91',
    colorError: '#cf1322',
    // antd derives a lighter hover red (#db373f, 4.3:1 on a hovered row's #fafafa): a danger
    // button or link darkens instead, as the blues do.
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorWarning: '#874d00',
    // From the dark #874d00 antd derives a grey-brown tint (#c7c2b3) for every warning surface (an
    // Alert's background, a Tag's): the light gold and border antd derives from its own seed.
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // A busy button is drawn at opacityLoading over the page: at antd's 0.65 the primary's white
    // text stood on #6d97d5 (2.98:1). At 0.9 it is 4.96:1 (and the danger red's more); the spinner
    // and the cursor say it is busy (AntdProviders.test.tsx computes both).
    Button: { opacityLoading: 0.9 },
    Table: { colorTextDisabled: '#595959' },
    // Tags write in their colour's 7th shade (2.7–3.4:1 on their tint for green, gold, orange …):
    // the text takes a darker one; the tints are still derived from antd's seeds.
    Tag: {
      green7: '#237804',
      gold7: '#874d00',
      orange7: '#873800',
      volcano7: '#ad2102',
      cyan7: '#006d75',
      lime7: '#3f6600',
      magenta7: '#9e1068',
      // The warning tag takes the token's colorWarning and colorWarningBg (its text was 3.8:1 on
      // the tint antd derived from #874d00).
      colorSuccess: '#237804',
    },
  },
};

/**
 * elderTheme is the theme in 长辈模式 (shared/layout/elderMode.ts, docs/accessibility.md): 18 px
 * text, taller controls and lines, near-black text and darker descriptions and borders.
 */
export const elderTheme = {
  components: theme.components,
  token: {
    ...theme.token,
    fontSize: 18,
    lineHeight: 1.75,
    controlHeight: 44,
    colorText: 'rgba(0, 0, 0, 0.95)',
    colorTextSecondary: '#262626',
    colorTextDescription: '#3a3a3a',
    colorTextTertiary: '#3a3a3a',
    colorTextPlaceholder: '#595959',
    colorBorder: '#8c8c8c',
  },
};

/**
 * AntdProviders gives antd components the portal's locale (zh_CN), theme and MessageApp (antd's App
 * with its context-aware toasts only, also bound to `toast`). Every page but the login page renders inside it
 * (src/app/RootLayout.tsx); the login page loads without antd and mounts it only around what
 * it opens later (the slider, the certificate tab) and for its toasts (docs/decisions/frontend-load.md, "Front-end load"). It is always
 * loaded lazily: importing it brings antd's core.
 */
export function AntdProviders({ children }: { children?: ReactNode }) {
  const { dev } = useRuntimeConfig();
  const elder = useElderMode();
  return (
    <ConfigProvider locale={antdZhCN} theme={elder ? elderTheme : theme}>
      {/* In dev mode the toasts start below the 28 px dev banner rather than over its links. */}
      <MessageApp toast top={dev ? DEV_BANNER_HEIGHT + 8 : 8}>{children}</MessageApp>
    </ConfigProvider>
  );
}

export default AntdProviders;
