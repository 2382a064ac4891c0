import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CardTabs } from './CardTabs';

// CardTabs' markup is compared with antd Card's tab list in Panel.test.tsx; here, what it does.
describe('CardTabs', () => {
  const items = [
    { key: 'pwd', label: '找回密码' },
    { key: 'account', label: '找回账号' },
    { key: 'more', label: '补充信息' },
  ];

  it('chooses a tab by click and by the arrows, Home and End, moving the focus with it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<CardTabs items={items} activeKey="pwd" onChange={onChange} size="large" />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('找回密码')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('找回密码')]);
    fireEvent.click(tab('找回密码'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(tab('找回账号'));
    expect(onChange).toHaveBeenLastCalledWith('account');
    rerender(<CardTabs items={items} activeKey="account" onChange={onChange} size="large" />);
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
    render(<CardTabs items={items} activeKey="pwd" size="small" extra={<a href="#/">返回登录</a>} />);
    expect(screen.getByRole('link', { name: '返回登录' }).parentElement).toHaveClass('ant-tabs-extra-content');
    expect(screen.getByRole('tablist').parentElement).toHaveClass('ant-tabs-small');
  });
});
