import { render } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import ConfigProvider from 'antd/es/config-provider';
import Tag from 'antd/es/tag';
import { describe, expect, it } from 'vitest';
import { PlainTag } from './PlainTag';

// PlainTag stands in for antd's Tag as a coloured label (issue 19): the very elements, class
// names and styles Tag renders, so that pages look the same.
function html(node: React.ReactNode): string {
  const { container, unmount } = render(<ConfigProvider theme={{ token: { colorPrimary: '#1f5fbf' } }}>{node}</ConfigProvider>);
  const out = container.innerHTML.replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  return out;
}

describe('PlainTag', () => {
  it.each([undefined, 'red', 'green', 'gold', 'blue', 'purple', 'orange', 'success', 'error', 'warning', 'processing', 'default'])(
    'renders as Tag does with color %s',
    (color) => {
      const tag = html(<Tag color={color}>已认证</Tag>);
      expect(html(<PlainTag color={color}>已认证</PlainTag>)).toBe(tag);
      expect(tag).toContain('ant-tag');
    },
  );

  it('keeps a test id on the label', () => {
    expect(html(<PlainTag color="green" data-testid="t">通过</PlainTag>)).toBe(html(<Tag color="green" data-testid="t">通过</Tag>));
  });
});
