/// <reference types="node" />
// antd's ES build, as the browser bundle has it: Vitest loads `antd` as its CommonJS build, a
// second copy whose theme context Panel's ES imports (antd/es/...) would not see.
import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import ConfigProvider from 'antd/es/config-provider';
import Skeleton from 'antd/es/skeleton';
import { describe, expect, it } from 'vitest';
import { CardTabs } from './CardTabs';
import { Panel, PanelMeta } from './Panel';
import { antdMarkup } from '@/test/antdMarkup';
import { theme } from '@/shared/antd/AntdProviders';

// Panel stands in for antd's Card where no tab list is shown (docs/decisions/frontend-load.md, "Front-end load"): it must render the very
// elements, class names and styles Card renders, so that pages look the same.

describe('Panel', () => {
  it.each([
    ['title, extra and body', { title: '基本信息', extra: <Button>修改</Button> }, <p key="b">正文</p>],
    ['body only, with a style and a test id', { style: { maxWidth: 960 }, 'data-testid': 'p' }, <span key="b">x</span>],
    ['small, with head and body styles', { size: 'small' as const, title: 'T', styles: { header: { color: 'red' }, body: { padding: 8 } } }, 'y'],
    ['title without a body', { title: '只有标题', className: 'mine' }, null],
    ['borderless', { variant: 'borderless' as const, 'data-testid': 'error-page' }, <p key="b">b</p>],
    ['loading', { title: '加载', loading: true }, <p key="b">不显示</p>],
  ])('renders as Card does: %s', (_name, props, children) => {
    const card = antdMarkup(<Card {...props}>{children}</Card>);
    const panel = antdMarkup(<Panel {...props}>{children}</Panel>);
    expect(panel).toBe(card);
    expect(panel).toContain('ant-card');
  });

  it('renders tabs in the head as Card does with a tabList', () => {
    const tabList = [
      { key: 'a', label: '找回密码' },
      { key: 'b', label: '补充信息' },
    ];
    const extra = <a href="#/">返回登录</a>;
    const tabsHtml = (s: string) =>
      s
        // rc-tabs names its ids rc-tabs-<n>, CardTabs with React's useId
        .replace(/ (id|aria-controls|aria-labelledby)="[^"]*"/g, '')
        // rc-tabs' 更多 button, hidden while every tab fits (CardTabs has no overflow menu)
        .replace(/<div class="ant-tabs-nav-operations[^]*?<\/button><\/div>/, '')
        // the ink bar's place, measured after layout by both (rc-tabs in a later frame)
        .replace(/(ant-tabs-ink-bar-animated") style="[^"]*"/, '$1');
    for (const small of [false, true]) {
      const size = small ? ('small' as const) : undefined;
      // One deliberate difference: the tablist role sits on the list of tabs, not on the bar
      // that also holds the extra link (a tablist owns only tabs: axe aria-required-children).
      const card = tabsHtml(antdMarkup(<Card size={size} className="shell" tabList={tabList} activeTabKey="b" tabBarExtraContent={extra}><p>正文</p></Card>))
        .replace('<div role="tablist" aria-orientation="horizontal" class="ant-tabs-nav">', '<div class="ant-tabs-nav">')
        .replace('<div class="ant-tabs-nav-list"', '<div role="tablist" aria-orientation="horizontal" class="ant-tabs-nav-list"');
      const bar = <CardTabs items={tabList} activeKey="b" extra={extra} size={small ? 'small' : 'large'} />;
      const panel = tabsHtml(antdMarkup(<Panel size={size} className="shell" tabBar={bar}><p>正文</p></Panel>));
      expect(panel).toBe(card);
      expect(panel).toContain('ant-tabs-tab-active');
    }
  });

  it.each([
    ['avatar, title and description', { avatar: <b>A</b>, title: '通过手机找回', description: '接收短信验证码' }],
    ['title only', { title: '只有标题' }],
    ['avatar only', { avatar: <b>A</b> }],
  ])('PanelMeta renders as Card.Meta does: %s', (_name, props) => {
    const card = antdMarkup(<Card><Card.Meta {...props} /></Card>);
    const panel = antdMarkup(<Panel><PanelMeta {...props} /></Panel>);
    expect(panel).toBe(card);
    expect(panel).toContain('ant-card-meta');
  });

  it('puts antd card stylesheet into the page', () => {
    render(
      <ConfigProvider>
        <Panel title="t">b</Panel>
      </ConfigProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/\.ant-card-head-title\{/);
  });
});

describe('PanelSkeleton.css', () => {
  // Panel draws its loading skeleton with a stylesheet of its own instead of antd's skeleton style
  // hook: the values it writes out must be those antd generates with the portal's theme.
  it('has the values antd writes for the skeleton with the theme', () => {
    const { unmount } = render(
      <ConfigProvider theme={theme}>
        <Skeleton loading active paragraph={{ rows: 4 }} title={false} />
      </ConfigProvider>,
    );
    const generated = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    unmount();
    const token = (name: string) => generated.match(new RegExp(`--ant-skeleton-${name}:([^;]+);`))?.[1];
    // Read as a file: Vitest (run in web/) hands CSS imports over empty, ?raw ones too.
    const compact = readFileSync('src/shared/components/PanelSkeleton.css', 'utf8').replace(/\s+/g, '');
    expect(token('gradient-from-color')).toBe('rgba(0,0,0,0.06)');
    expect(token('gradient-to-color')).toBe('rgba(0,0,0,0.15)');
    expect(compact).toContain(`height:${token('paragraph-li-height')};`);
    expect(compact).toContain(`border-radius:${token('block-radius')};`);
    expect(compact).toContain(`background:linear-gradient(90deg,${token('gradient-from-color')}25%,${token('gradient-to-color')}37%,${token('gradient-from-color')}63%);`);
    for (const rule of ['li+li{margin-block-start:var(--ant-control-height-xs)', 'width:61%', 'animation-duration:1.4s', 'background-size:400%100%']) {
      expect(generated.replace(/\s+/g, '')).toContain(rule);
      expect(compact).toContain(rule);
    }
  });
});
