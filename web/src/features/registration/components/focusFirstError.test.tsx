import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { MessageApp } from '@/shared/feedback/message';
import { ApiError } from '@/shared/api/http';
import { useStepSubmit } from './useStepSubmit';

/** Box is a control that takes no id (as ImageUpload): a focusable button only. */
function Box({ onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <button type="button" onClick={() => onChange?.('x')}>
      选择照片
    </button>
  );
}

/** Step is a wizard step as the registration's: its submit is useStepSubmit's. */
function Step({ send }: { send: () => Promise<void> }) {
  const [form] = Form.useForm();
  const { submit } = useStepSubmit(form);
  return (
    <Form form={form} layout="vertical">
      <Form.Item name="name" label="姓名">
        <Input />
      </Form.Item>
      <Form.Item name="photo" label="照片" rules={[{ required: true, message: '请上传照片' }]}>
        <Box />
      </Form.Item>
      <Form.Item name="addr" label="地址" rules={[{ required: true, message: '请输入地址' }]}>
        <Input />
      </Form.Item>
      <Button onClick={() => void submit(send)}>下一步</Button>
    </Form>
  );
}

describe('a wizard step moves the focus to the first field in error', () => {
  it('after a failed check: the first field whose rule fails, even a control without the field id', async () => {
    render(
      <MessageApp>
        <Step send={() => Promise.resolve()} />
      </MessageApp>,
    );
    const next = screen.getByRole('button', { name: '下一步' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('请上传照片');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '选择照片' })));
    // The photo given, the address is the first in error now: its input (the field id) takes the focus.
    fireEvent.click(screen.getByRole('button', { name: '选择照片' }));
    fireEvent.click(next);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('地址')));
  });

  it("after the server's refusal: the field its message was put on", async () => {
    const refused = new ApiError({ kind: 'api', status: 200, code: 1, msg: '参数错误', fields: { addr: '地址过长' }, handled: false });
    render(
      <MessageApp>
        <Step send={() => Promise.reject(refused)} />
      </MessageApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '选择照片' }));
    fireEvent.change(screen.getByLabelText('地址'), { target: { value: '北京' } });
    const next = screen.getByRole('button', { name: '下一步' });
    next.focus();
    await act(async () => {
      fireEvent.click(next);
      await Promise.resolve();
    });
    await screen.findByText('地址过长');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('地址')));
  });
});
