import { render } from '@testing-library/react';
// antd's ES build, as the browser bundle has it: Vitest loads `antd` as its CommonJS build, a
// second copy whose theme context the look-alikes' ES imports (antd/es/...) would not see.
import ConfigProvider from 'antd/es/config-provider';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { theme as portalTheme } from '@/shared/antd/AntdProviders';

/** The portal's theme tokens that change antd's markup and classes (src/shared/antd/AntdProviders). */
const theme = { token: { colorPrimary: '#1f5fbf', borderRadius: 4 } };

/**
 * antdMarkup renders node inside antd's ConfigProvider and returns its HTML: the look-alikes of
 * src/shared/components compare theirs with antd's component's. Each ConfigProvider mount names
 * its CSS variables' scope anew (css-var-_r_<n>_), so that name is made the same.
 */
export function antdMarkup(node: ReactNode): string {
  const { container, unmount } = render(<ConfigProvider theme={theme}>{node}</ConfigProvider>);
  const out = container.innerHTML.replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  return out;
}

/**
 * antdCss is the stylesheet antd's style hooks write for node alone, rule by rule (a cache of its
 * own, the portal's theme): the trimmed stylesheets of the look-alikes (plainStepsStyle,
 * plainTabsStyle) are checked against antd's own.
 */
export function antdCss(node: ReactNode): string[] {
  const cache = createCache();
  const { unmount } = render(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={portalTheme}>{node}</ConfigProvider>
    </StyleProvider>,
  );
  // Each ConfigProvider mount names its CSS variables' scope anew (as in antdMarkup).
  const css = extractStyle(cache, { plain: true }).replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  // The cache's own record of the style paths it holds is not a rule of the page.
  return css.split('}').map((r) => r.trim()).filter((r) => r && !r.startsWith('.data-ant-cssinjs-cache-path'));
}
