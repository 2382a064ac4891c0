import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RecoveryShell } from './RecoveryShell';
import { RecoveryTabsShell } from './RecoveryTabsShell';

describe('the recovery shells', () => {
  it.each<[string, ReactNode]>([
    ['a title', <RecoveryShell key="s" title="忘记密码">内容</RecoveryShell>],
    [
      'tabs',
      <RecoveryTabsShell key="t" tabs={[{ key: 'a', label: '找回密码' }, { key: 'b', label: '找回账号' }]} activeTab="a">
        内容
      </RecoveryTabsShell>,
    ],
  ])('offer 返回登录 with %s (issue 18)', (_name, shell) => {
    render(<MemoryRouter>{shell}</MemoryRouter>);
    expect(screen.getByTestId('back-to-login')).toHaveTextContent('返回登录');
    expect(screen.getByTestId('back-to-login')).toHaveAttribute('href', '/');
  });
});
