// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Tag from 'antd/es/tag';
import { describe, expect, it } from 'vitest';
import { PlainTag } from './PlainTag';
import { antdMarkup } from '@/test/antdMarkup';

// PlainTag stands in for antd's Tag as a coloured label (docs/decisions/frontend-load.md, "Front-end load"): the very elements, class
// names and styles Tag renders, so that pages look the same.

describe('PlainTag', () => {
  it.each([undefined, 'red', 'green', 'gold', 'blue', 'purple', 'orange', 'success', 'error', 'warning', 'processing', 'default'])(
    'renders as Tag does with color %s',
    (color) => {
      const tag = antdMarkup(<Tag color={color}>已认证</Tag>);
      expect(antdMarkup(<PlainTag color={color}>已认证</PlainTag>)).toBe(tag);
      expect(tag).toContain('ant-tag');
    },
  );

  it('keeps a test id on the label', () => {
    expect(antdMarkup(<PlainTag color="green" data-testid="t">通过</PlainTag>)).toBe(antdMarkup(<Tag color="green" data-testid="t">通过</Tag>));
  });
});
