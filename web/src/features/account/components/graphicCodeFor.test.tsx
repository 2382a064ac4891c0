import { act, render, renderHook } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { graphicCodeFor } from './graphicCodeFor';
import { maskPhone } from './format';

describe('graphicCodeFor', () => {
  it('refuses a send without a graphic code and puts the message on the field', async () => {
    const { result } = renderHook(() => Form.useForm()[0]);
    const form: FormInstance = result.current;
    render(
      <Form form={form}>
        <Form.Item name="verificationCode">
          <Input />
        </Form.Item>
      </Form>,
    );
    // The message set on the field re-renders it: inside act, as a user's click would be.
    expect(await act(() => graphicCodeFor(form, 'g1'))).toBeNull();
    expect(form.getFieldError('verificationCode')).toEqual(['请输入图形验证码']);
  });

  it('hands the typed code and its picture id to the send', async () => {
    const { result } = renderHook(() => Form.useForm()[0]);
    const form = result.current;
    form.setFieldValue('verificationCode', 'AB12');
    expect(await graphicCodeFor(form, 'g1')).toEqual({ codeId: 'g1', verificationCode: 'AB12' });
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('')).toBe('');
  });
});
