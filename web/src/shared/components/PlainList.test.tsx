import { render } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { describe, expect, it } from 'vitest';
import { PlainList, PlainListItem, PlainListMeta } from './PlainList';

// PlainList stands in for antd's List where a short list shows whole (issue 19): it must render
// the very elements and class names List renders, so that pages look the same.
const theme = { token: { colorPrimary: '#1f5fbf', borderRadius: 4 } };

function html(node: React.ReactNode): string {
  const { container, unmount } = render(<ConfigProvider theme={theme}>{node}</ConfigProvider>);
  const out = container.innerHTML.replace(/css-var-_r_\w+_/g, 'css-var-X');
  unmount();
  return out;
}

const accounts = [
  { key: 'wechat', name: '微信' },
  { key: 'qq', name: 'QQ' },
];

describe('PlainList', () => {
  it('renders items with meta and actions as List does', () => {
    const list = html(
      <List
        dataSource={accounts}
        renderItem={(it) => (
          <List.Item actions={[<Button key="b" disabled>绑定</Button>]}>
            <List.Item.Meta avatar={<i>icon</i>} title={it.name} description={<Tag>暂未开放</Tag>} />
          </List.Item>
        )}
      />,
    );
    const plain = html(
      <PlainList
        dataSource={accounts}
        renderItem={(it) => (
          <PlainListItem actions={[<Button key="b" disabled>绑定</Button>]}>
            <PlainListMeta avatar={<i>icon</i>} title={it.name} description={<Tag>暂未开放</Tag>} />
          </PlainListItem>
        )}
      />,
    );
    expect(plain).toBe(list);
    expect(plain).toContain('ant-list-item-meta-title');
  });

  it('renders a small list of text items as List does', () => {
    const scopes = ['openid', 'profile'];
    const list = html(<List size="small" dataSource={scopes} renderItem={(s) => <List.Item>{`范围 ${s}`}</List.Item>} />);
    const plain = html(<PlainList size="small" dataSource={scopes} renderItem={(s) => <PlainListItem>{`范围 ${s}`}</PlainListItem>} />);
    expect(plain).toBe(list);
    expect(plain).toContain('ant-list-sm');
  });

  it('renders an empty list as List does', () => {
    expect(html(<PlainList dataSource={[]} renderItem={() => null} />)).toBe(html(<List dataSource={[]} renderItem={() => null} />));
  });
});
