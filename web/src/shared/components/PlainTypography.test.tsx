// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Typography from 'antd/es/typography';
import { describe, expect, it } from 'vitest';
import { PlainParagraph, PlainText, PlainTitle } from './PlainTypography';
import { antdMarkup } from '@/test/antdMarkup';

// The plain typography stands in for antd's where nothing is copied, edited or cut (docs/decisions/frontend-load.md, "Front-end load"):
// the very elements, class names and styles antd renders, so that pages look the same.

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
    expect(antdMarkup(<PlainText {...props}>文字</PlainText>)).toBe(antdMarkup(<Typography.Text {...props}>文字</Typography.Text>));
  });

  it.each(cases)('Paragraph renders as Typography.Paragraph does: %o', (props) => {
    expect(antdMarkup(<PlainParagraph {...props}>段落</PlainParagraph>)).toBe(antdMarkup(<Typography.Paragraph {...props}>段落</Typography.Paragraph>));
  });

  it.each([1, 2, 3, 4, 5] as const)('Title renders as Typography.Title does at level %i', (level) => {
    expect(antdMarkup(<PlainTitle level={level} style={{ margin: 0 }}>标题</PlainTitle>)).toBe(antdMarkup(<Typography.Title level={level} style={{ margin: 0 }}>标题</Typography.Title>));
  });

  it('Title is h1 without a level, as antd’s', () => {
    expect(antdMarkup(<PlainTitle>标题</PlainTitle>)).toBe(antdMarkup(<Typography.Title>标题</Typography.Title>));
  });
});
