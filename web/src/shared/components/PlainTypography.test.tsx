import { render } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import ConfigProvider from 'antd/es/config-provider';
import Typography from 'antd/es/typography';
import { describe, expect, it } from 'vitest';
import { PlainParagraph, PlainText, PlainTitle } from './PlainTypography';

// The plain typography stands in for antd's where nothing is copied, edited or cut (issue 19):
// the very elements, class names and styles antd renders, so that pages look the same.
function html(node: React.ReactNode): string {
  const { container, unmount } = render(<ConfigProvider theme={{ token: { colorPrimary: '#1f5fbf' } }}>{node}</ConfigProvider>);
  const out = container.innerHTML.replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  return out;
}

const cases = [
  {},
  { type: 'secondary' as const },
  { type: 'danger' as const, strong: true },
  { type: 'warning' as const, className: 'mine', style: { fontSize: 12 }, 'data-testid': 't' },
  { code: true },
  { code: true, strong: true, 'data-kind': 'k' },
  { type: 'success' as const },
];

describe('plain typography', () => {
  it.each(cases)('Text renders as Typography.Text does: %o', (props) => {
    expect(html(<PlainText {...props}>文字</PlainText>)).toBe(html(<Typography.Text {...props}>文字</Typography.Text>));
  });

  it.each(cases)('Paragraph renders as Typography.Paragraph does: %o', (props) => {
    expect(html(<PlainParagraph {...props}>段落</PlainParagraph>)).toBe(html(<Typography.Paragraph {...props}>段落</Typography.Paragraph>));
  });

  it.each([1, 2, 3, 4, 5] as const)('Title renders as Typography.Title does at level %i', (level) => {
    expect(html(<PlainTitle level={level} style={{ margin: 0 }}>标题</PlainTitle>)).toBe(html(<Typography.Title level={level} style={{ margin: 0 }}>标题</Typography.Title>));
  });

  it('Title is h1 without a level, as antd’s', () => {
    expect(html(<PlainTitle>标题</PlainTitle>)).toBe(html(<Typography.Title>标题</Typography.Title>));
  });
});
