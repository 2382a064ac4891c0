import { fireEvent, render, screen } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Tabs from 'antd/es/tabs';
import ConfigProvider from 'antd/es/config-provider';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/shared/antd/AntdProviders';
import { PlainTabs, type PlainTabsProps } from './PlainTabs';
import { antdCss, antdMarkup } from '@/test/antdMarkup';

// PlainTabs stands in for antd's Tabs where the page draws the panes itself (docs/decisions/frontend-load.md, "Front-end load"): it must
// render the elements, class names and styles Tabs renders for the props those pages pass. In
// Card's head (CardTabs) its markup is compared with Card's tab list in Panel.test.tsx.
const tabsHtml = (s: string) =>
  s
    // rc-tabs names its ids rc-tabs-<n>, PlainTabs with React's useId
    .replace(/ (id|aria-controls|aria-labelledby)="[^"]*"/g, '')
    // rc-tabs' 更多 button, hidden while every tab fits (PlainTabs has no overflow menu)
    .replace(/<div class="ant-tabs-nav-operations[^]*?<\/button><\/div>/, '')
    // the ink bar's place, measured after layout by both (rc-tabs in a later frame)
    .replace(/(ant-tabs-ink-bar-animated") style="[^"]*"/, '$1')
    // the tablist role: antd's on the whole nav (with the extra content, which a tablist may not
    // hold), PlainTabs' on the list of tabs
    .replace(/ role="tablist" aria-orientation="horizontal"/, '');

describe('PlainTabs', () => {
  const two = [
    { key: '/register/legalPerson', label: '单位注册' },
    { key: '/register/personal', label: '个人注册' },
  ];
  it.each<[string, PlainTabsProps]>([
    ['line tabs of the middle size', { items: two, activeKey: '/register/personal' }],
    ['small card tabs', { items: [{ key: 'sms', label: '短信验证' }, { key: 'email', label: '邮箱验证' }], activeKey: 'sms', type: 'card', size: 'small' }],
    ['large line tabs with a class and extra content', { items: two, activeKey: '/register/legalPerson', size: 'large', className: 'mine', extra: <a href="#/">返回登录</a> }],
  ])('renders as Tabs does: %s', (_name, { extra, ...props }) => {
    const antd = tabsHtml(antdMarkup(<Tabs {...props} tabBarExtraContent={extra} onChange={() => undefined} />));
    const plain = tabsHtml(antdMarkup(<PlainTabs {...props} extra={extra} onChange={() => undefined} />));
    expect(plain).toBe(antd);
    expect(plain).toContain('ant-tabs-tab-active');
  });

  const items = [
    { key: 'pwd', label: '找回密码' },
    { key: 'account', label: '找回账号' },
    { key: 'more', label: '补充信息' },
  ];

  it('chooses a tab by click and by the arrows, Home and End, moving the focus with it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<PlainTabs items={items} activeKey="pwd" onChange={onChange} size="large" />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('找回密码')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('找回密码')]);
    fireEvent.click(tab('找回密码'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(tab('找回账号'));
    expect(onChange).toHaveBeenLastCalledWith('account');
    rerender(<PlainTabs items={items} activeKey="account" onChange={onChange} size="large" />);
    expect(tab('找回账号')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab('找回账号').id);
    fireEvent.keyDown(tab('找回账号'), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('more');
    expect(document.activeElement).toBe(tab('补充信息'));
    fireEvent.keyDown(tab('找回账号'), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('pwd');
    fireEvent.keyDown(tab('找回账号'), { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith('more');
    fireEvent.keyDown(tab('找回账号'), { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith('pwd');
  });

  it('draws what it is given at the end of the bar', () => {
    render(<PlainTabs items={items} activeKey="pwd" size="small" extra={<a href="#/">返回登录</a>} />);
    expect(screen.getByRole('link', { name: '返回登录' }).parentElement).toHaveClass('ant-tabs-extra-content');
    expect(screen.getByRole('tablist').closest('.ant-tabs')).toHaveClass('ant-tabs-small');
    // The link is beside the tablist, not in it: a tablist holds tabs only (aria-required-children).
    expect(screen.getByRole('tablist')).not.toContainElement(screen.getByRole('link', { name: '返回登录' }));
    expect(screen.getAllByRole('tab')).toHaveLength(3);
  });
});


describe('usePlainTabsStyle', () => {
  // PlainTabs draws with a part of antd's tabs stylesheet (plainTabsStyle.ts): each of its rules
  // must be one antd writes, and the rules for what the pages show must be there.
  const two = [
    { key: 'a', label: '单位注册' },
    { key: 'b', label: '个人注册' },
  ];
  it.each<[string, PlainTabsProps]>([
    ['line tabs of the middle size', { items: two, activeKey: 'b' }],
    ['small card tabs', { items: two, activeKey: 'a', type: 'card', size: 'small' }],
    ['large line tabs with extra content', { items: two, activeKey: 'a', size: 'large', extra: <a href="#/">返回登录</a> }],
  ])('writes the rules of antd itself: %s', (_name, { extra, ...props }) => {
    const antd = new Set(antdCss(<Tabs {...props} tabBarExtraContent={extra} />));
    const plain = antdCss(<PlainTabs {...props} extra={extra} />);
    const missing = plain.filter((r) => !antd.has(r));
    expect(missing).toEqual([]);
    // And none it leaves out applies to what PlainTabs draws, in any state: a rule's selectors,
    // without their pseudo-classes and pseudo-elements (:not too, which only widens them), match
    // no element of it.
    const { container } = render(
      <ConfigProvider theme={theme}>
        <PlainTabs {...props} extra={extra} />
      </ConfigProvider>,
    );
    const kept = new Set(plain);
    const applying = [...antd]
      .filter((r) => !kept.has(r) && r.includes('.ant-tabs') && !r.startsWith('@'))
      .flatMap((r) => r.split('{')[0].split(/,(?![^(]*\))/))
      .map((sel) => sel.replace(/::?(hover|active|focus-visible|focus|before|after|has\([^)]*\)|not\([^)]*\))/g, '').trim())
      .filter((sel) => sel !== '' && container.querySelector(sel) !== null);
    expect(applying).toEqual([]);
    for (const sel of ['.ant-tabs-top', '.ant-tabs-ink-bar', '.ant-tabs-tab-active', '.ant-tabs-card', '.ant-tabs-small', '.ant-tabs-large', '.ant-tabs-extra-content', '.ant-tabs-nav-list']) {
      expect(plain.some((r) => r.includes(sel))).toBe(true);
    }
    // What it leaves out: the other positions, the 更多 dropdown, right-to-left.
    for (const sel of ['.ant-tabs-left', '.ant-tabs-dropdown', '.ant-tabs-rtl']) {
      expect(plain.some((r) => r.includes(sel))).toBe(false);
      expect([...antd].some((r) => r.includes(sel))).toBe(true);
    }
  });
});
