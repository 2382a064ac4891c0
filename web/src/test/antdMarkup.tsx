import { render } from '@testing-library/react';
// antd's ES build, as the browser bundle has it: Vitest loads `antd` as its CommonJS build, a
// second copy whose theme context the look-alikes' ES imports (antd/es/...) would not see.
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';

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
