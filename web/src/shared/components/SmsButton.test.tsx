import { act, fireEvent, render, screen } from '@testing-library/react';
import { MessageApp } from '@/shared/feedback/message';
import { describe, expect, it, vi } from 'vitest';
import { SmsButton } from './SmsButton';

vi.mock('../api/sendSms', () => ({
  sendSms: vi.fn(() => Promise.resolve('sms-id-1')),
}));
vi.mock('../api/sendEmailCode', () => ({
  sendEmailCode: vi.fn(() => Promise.resolve('mail-id-1')),
}));

describe('SmsButton', () => {
  it('sends with the graphic code, counts down 120 s, and resets when the phone changes', async () => {
    vi.useFakeTimers();
    const { sendSms } = await import('../api/sendSms');
    const onSent = vi.fn();
    const used = vi.fn();
    const ui = (phone: string) => (
      <MessageApp>
        <SmsButton to={phone} scene="register" getGraphicCode={() => ({ codeId: 'g1', verificationCode: 'AB12' })} onSent={onSent} onGraphicCodeUsed={used} />
      </MessageApp>
    );
    const { rerender } = render(ui('13800000001'));
    expect(screen.getByTestId('sms-button').textContent).toBe('发送短信码');
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-button'));
      await Promise.resolve();
    });
    expect(sendSms).toHaveBeenCalledWith({ phone: '13800000001', scene: 'register', codeId: 'g1', verificationCode: 'AB12' });
    expect(onSent).toHaveBeenCalledWith('sms-id-1');
    expect(used).toHaveBeenCalled();
    expect(screen.getByTestId('sms-button').textContent).toBe('120秒后可发送');
    expect(screen.getByTestId('sms-button')).toBeDisabled();
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
        await Promise.resolve();
      });
    }
    expect(screen.getByTestId('sms-button').textContent).toBe('117秒后可发送');
    rerender(ui('13800000002'));
    expect(screen.getByTestId('sms-button').textContent).toBe('发送短信码');
    vi.useRealTimers();
  });

  it('does not send when the form is invalid', async () => {
    const { sendSms } = await import('../api/sendSms');
    vi.mocked(sendSms).mockClear();
    render(
      <MessageApp>
        <SmsButton to="" scene="register" getGraphicCode={() => null} />
      </MessageApp>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-button'));
      await Promise.resolve();
    });
    expect(sendSms).not.toHaveBeenCalled();
  });
});
