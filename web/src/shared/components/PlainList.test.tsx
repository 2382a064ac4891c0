// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { describe, expect, it } from 'vitest';
import { PlainList, PlainListItem, PlainListMeta } from './PlainList';
import { antdMarkup } from '@/test/antdMarkup';

// PlainList stands in for antd's List where a short list shows whole (docs/decisions/frontend-load.md, "Front-end load"): it must render
// the very elements and class names List renders, so that pages look the same.

const accounts = [
  { key: 'wechat', name: '微信' },
  { key: 'qq', name: 'QQ' },
];

describe('PlainList', () => {
  it('renders items with meta and actions as List does', () => {
    const list = antdMarkup(
      <List
        dataSource={accounts}
        renderItem={(it) => (
          <List.Item actions={[<Button key="b" disabled>绑定</Button>]}>
            <List.Item.Meta avatar={<i>icon</i>} title={it.name} description={<Tag>暂未开放</Tag>} />
          </List.Item>
        )}
      />,
    );
    const plain = antdMarkup(
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
    const list = antdMarkup(<List size="small" dataSource={scopes} renderItem={(s) => <List.Item>{`范围 ${s}`}</List.Item>} />);
    const plain = antdMarkup(<PlainList size="small" dataSource={scopes} renderItem={(s) => <PlainListItem>{`范围 ${s}`}</PlainListItem>} />);
    expect(plain).toBe(list);
    expect(plain).toContain('ant-list-sm');
  });

  it('renders an empty list as List does', () => {
    expect(antdMarkup(<PlainList dataSource={[]} renderItem={() => null} />)).toBe(antdMarkup(<List dataSource={[]} renderItem={() => null} />));
  });
});
