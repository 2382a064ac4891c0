import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RecoveryShell } from './RecoveryShell';

describe('RecoveryShell', () => {
  it.each([
    ['a title', { title: '忘记密码' }],
    ['tabs', { tabs: [{ key: 'a', label: '找回密码' }, { key: 'b', label: '找回账号' }], activeTab: 'a' }],
  ])('offers 返回登录 with %s (issue 18)', (_name, props) => {
    render(
      <MemoryRouter>
        <RecoveryShell {...props}>内容</RecoveryShell>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('back-to-login')).toHaveTextContent('返回登录');
    expect(screen.getByTestId('back-to-login')).toHaveAttribute('href', '/');
  });
});
