import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RegistrationProgress } from '@/shared/api/types';
import { PersonWizardBody } from './PersonWizardBody';

// The information step stands in for itself: what matters here is its answer, step 3 (no
// manual verification, so the authentication step is skipped).
vi.mock('./PersonRealInfoStep', () => ({
  PersonRealInfoStep: ({ onDone }: { onDone: (r: { step: number }, msg: string) => void }) => (
    <button type="button" onClick={() => onDone({ step: 3 }, '')}>
      提交
    </button>
  ),
}));

const progress = { accountId: 7, userName: 'zhang01', phone: '13800138000', registerProcess: 1, authState: 0, person: null, enterprise: null, type: 1, step: 1 } as unknown as RegistrationProgress;

describe('the individual wizard without manual verification', () => {
  it('does not tick the skipped 实名认证 step on the done step', async () => {
    const steps = ['账号信息', '实名信息', '实名认证', '注册完成'];
    render(
      <MemoryRouter>
        <PersonWizardBody progress={progress} reload={vi.fn(async () => null)} steps={steps} onFinished={vi.fn()} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交' }));
      await Promise.resolve();
    });
    await screen.findByTestId('done-card');
    const box = (title: string) => within(document.querySelector('.ant-steps') as HTMLElement).getByText(title).closest('.ant-steps-item');
    expect(box('实名认证')).not.toHaveClass('ant-steps-item-finish');
    expect(box('实名认证')).toHaveTextContent('已跳过');
    expect(box('实名信息')).toHaveClass('ant-steps-item-finish');
  });
});
