import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { capitalRules } from '../identity/formRules';
import { SpacelessInput, spaceless } from './SpacelessInput';

describe('spaceless', () => {
  it('strips spaces first, then cuts to the limit', () => {
    expect(spaceless('138 0013 8000', 11)).toBe('13800138000');
    expect(spaceless(' AB CD ', 4)).toBe('ABCD');
    expect(spaceless('建国路 88号')).toBe('建国路88号');
    expect(spaceless('王\u3000五', 50)).toBe('王五');
    expect(spaceless('1380013800099', 11)).toBe('13800138000');
  });
});

describe('SpacelessInput in a form', () => {
  it('stores a pasted value without spaces and whole', () => {
    let form: ReturnType<typeof Form.useForm<{ phone: string }>>[0] | undefined;
    function Harness() {
      const [f] = Form.useForm<{ phone: string }>();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="phone">
            <SpacelessInput maxLength={11} data-testid="phone" />
          </Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    fireEvent.change(screen.getByTestId('phone'), { target: { value: '138 0013 8000' } });
    expect(form?.getFieldValue('phone')).toBe('13800138000');
    expect(screen.getByTestId('phone')).toHaveValue('13800138000');
  });
});

describe('capitalRules', () => {
  it('gives one message at a time', async () => {
    const rule = capitalRules[0] as { validator: (r: unknown, v: string | undefined) => Promise<void> };
    await expect(rule.validator({}, '五千')).rejects.toThrow('注册资本只能填写数字');
    await expect(rule.validator({}, '')).rejects.toThrow('注册资本不能为空');
    await expect(rule.validator({}, '5000.5')).resolves.toBeUndefined();
    expect(capitalRules).toHaveLength(1);
  });
});
