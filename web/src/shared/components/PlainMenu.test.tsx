import { AuditOutlined, TeamOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
// antd's ES build, as the browser bundle has it: Vitest loads `antd` as its CommonJS build, a
// second copy whose theme context PlainMenu's ES imports (antd/es/...) would not see.
import ConfigProvider from 'antd/es/config-provider';
import Menu, { type MenuProps } from 'antd/es/menu';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainMenu, type PlainMenuItem } from './PlainMenu';

// PlainMenu stands in for antd's inline Menu where there are no sub-menus (docs/decisions/frontend-load.md, "Front-end load"): it must
// render the elements, class names and styles Menu renders, so that the account centre looks
// the same.
const theme = { token: { colorPrimary: '#1f5fbf', borderRadius: 4 } };

const items: PlainMenuItem[] = [
  { key: 'info', label: '账户信息', type: 'group', children: [{ key: '/a', label: '基本信息' }, { key: '/b', label: '修改记录' }] },
  { key: '/c', label: '账号安全管理' },
  { key: 'ca', label: '数字证书', type: 'group', children: [{ key: '/d', label: 'CA证书绑定' }, { key: 'apply', label: 'CA证书申请' }] },
];

async function html(node: React.ReactNode): Promise<string> {
  const { container, unmount } = render(<ConfigProvider theme={theme}>{node}</ConfigProvider>);
  // rc-menu measures its items after mounting; let it settle before reading the markup.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  const out = container.innerHTML
    // Each ConfigProvider mount names its CSS variables' scope anew (css-var-_r_<n>_).
    .replace(/css-var-_r_\w+_/g, 'css-var-X')
    // What only the keyboard handling differs in: rc-menu's roving focus is the list's (tabindex
    // on the ul, ids on the items), PlainMenu's is the items' own (data-menu-key, aria-current).
    .replace(/ (tabindex|data-menu-id|data-menu-key|aria-current)="[^"]*"/g, '')
    // rc-menu's empty, hidden measuring box after the list.
    .replace('<div style="display: none;" aria-hidden="true"></div>', '');
  unmount();
  return out;
}

describe('PlainMenu', () => {
  it.each([['/b'], ['/c'], [undefined]])('renders as an inline Menu does, selected %s', async (selected) => {
    const menu = await html(<Menu mode="inline" style={{ borderInlineEnd: 'none' }} selectedKeys={selected ? [selected] : []} items={items as MenuProps['items']} />);
    const plain = await html(<PlainMenu style={{ borderInlineEnd: 'none' }} selectedKey={selected} items={items} onClick={() => {}} />);
    expect(plain).toBe(menu);
    expect(plain).toContain('ant-menu-item-group-title');
  });

  it('renders items with icons as Menu does', async () => {
    const withIcons: PlainMenuItem[] = [
      { key: '/staff', icon: <TeamOutlined />, label: '人员管理' },
      { key: '/reviews', icon: <AuditOutlined />, label: '审核' },
    ];
    const menu = await html(<Menu mode="inline" selectedKeys={['/reviews']} items={withIcons as MenuProps['items']} className="mine" />);
    const plain = await html(<PlainMenu selectedKey="/reviews" items={withIcons} onClick={() => {}} className="mine" />);
    expect(plain).toBe(menu);
    expect(plain).toContain('ant-menu-item-icon');
  });

  it('puts antd menu stylesheet into the page', () => {
    render(
      <ConfigProvider theme={theme}>
        <PlainMenu items={items} onClick={() => {}} />
      </ConfigProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(/\.ant-menu-item-selected\{/);
  });

  it('chooses by click, Enter and Space; the arrows, Home and End move the focus', () => {
    const onClick = vi.fn();
    render(<PlainMenu items={items} selectedKey="/c" onClick={onClick} />);
    const item = (name: string) => screen.getByRole('menuitem', { name });
    // One tab stop: the selected item.
    expect(screen.getAllByRole('menuitem').filter((e) => e.tabIndex === 0)).toEqual([item('账号安全管理')]);
    expect(item('账号安全管理')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(item('修改记录'));
    expect(onClick).toHaveBeenLastCalledWith('/b');
    item('账号安全管理').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('CA证书绑定'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(item('CA证书申请'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('基本信息'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('CA证书申请'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onClick).toHaveBeenLastCalledWith('apply');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onClick).toHaveBeenLastCalledWith('/a');
  });
});
