import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';
import { Input } from './Input';

describe('Field', () => {
  it('ties its message to the field inside (aria-describedby) and announces it', () => {
    const { rerender } = render(
      <Field>
        <Input value="" onChange={() => {}} placeholder="请输入账号" />
      </Field>,
    );
    const input = screen.getByPlaceholderText('请输入账号');
    expect(input).not.toHaveAttribute('aria-describedby');
    rerender(
      <Field error="请输入账号">
        <Input value="" onChange={() => {}} invalid placeholder="请输入账号" />
      </Field>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('请输入账号');
    expect(screen.getByRole('alert')).toHaveTextContent('请输入账号');
  });
});
