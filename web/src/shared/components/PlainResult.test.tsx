import { ToolOutlined } from '@ant-design/icons';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { describe, expect, it } from 'vitest';
import { PlainResult } from './PlainResult';
import { antdMarkup } from '@/test/antdMarkup';

// PlainResult stands in for antd's Result with a status icon (docs/decisions/frontend-load.md, "Front-end load"): it must render the very
// elements, class names and styles Result renders, so that pages look the same.

describe('PlainResult', () => {
  it.each([
    ['success with a title, subtitle and actions', { status: 'success' as const, title: '注册成功', subTitle: '请等待审核', extra: <Button type="primary">返回登录</Button> }],
    ['error with a test id', { status: 'error' as const, title: '绑定失败', subTitle: <span data-testid="bind-failure">证书已被绑定</span>, 'data-testid': 'r' }],
    ['warning', { status: 'warning' as const, title: '授权失败', subTitle: '客户端未登记' }],
    ['info by default, subtitle only, with a style', { subTitle: '仅在开发模式下可用', style: { padding: 24 } }],
    ['its own icon', { icon: <ToolOutlined style={{ color: '#1f5fbf' }} />, title: '建设中', className: 'mine' }],
    ['no icon', { icon: null, title: '无图标' }],
  ])('renders as Result does: %s', (_name, props) => {
    const antd = antdMarkup(<Result {...props} />);
    const plain = antdMarkup(<PlainResult {...props} />);
    expect(plain).toBe(antd);
    expect(plain).toContain('ant-result');
  });

  it('renders its children in the body as Result does', () => {
    expect(antdMarkup(<PlainResult title="t">
      <p>正文</p>
    </PlainResult>)).toBe(antdMarkup(<Result title="t">
      <p>正文</p>
    </Result>));
  });
});
