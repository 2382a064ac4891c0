import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from '@/shared/api/queryClient';
import { defaultConfig } from '@/shared/config';

function renderForm() {
  render(
    <AppProviders config={defaultConfig} queryClient={createQueryClient()}>
      <Input aria-label="账号" />
      <Input.Password aria-label="密码" />
      <input aria-label="手机" type="tel" />
      <textarea aria-label="备注" />
      <div data-allow-space>
        <input aria-label="单位名称" />
      </div>
      <input aria-label="同意" type="checkbox" />
    </AppProviders>,
  );
}

describe('Space key block (01 §5)', () => {
  it('keeps spaces out of text, phone and password inputs', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('账号'), 'ab cd ');
    await user.type(screen.getByLabelText('密码'), 'Pa ss 1');
    await user.type(screen.getByLabelText('手机'), '138 0013 8000');

    expect(screen.getByLabelText('账号')).toHaveValue('abcd');
    expect(screen.getByLabelText('密码')).toHaveValue('Pass1');
    expect(screen.getByLabelText('手机')).toHaveValue('13800138000');
  });

  it('lets spaces into textareas and inputs marked data-allow-space', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('备注'), '材料 不全');
    await user.type(screen.getByLabelText('单位名称'), 'ACME Ltd');

    expect(screen.getByLabelText('备注')).toHaveValue('材料 不全');
    expect(screen.getByLabelText('单位名称')).toHaveValue('ACME Ltd');
  });

  it('still lets Space tick a checkbox', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByLabelText('同意');

    box.focus();
    await user.keyboard(' ');

    expect(box).toBeChecked();
  });

  it('does not block Space while an input method is composing (Chinese IMEs pick candidates with it)', () => {
    renderForm();
    const input = screen.getByLabelText('账号');

    const composing = new KeyboardEvent('keydown', { key: ' ', code: 'Space', isComposing: true, bubbles: true, cancelable: true });
    const plain = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    input.dispatchEvent(composing);
    input.dispatchEvent(plain);

    expect(composing.defaultPrevented).toBe(false);
    expect(plain.defaultPrevented).toBe(true);
  });
});
