import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageApp } from '../feedback/message';
import { ImageUpload } from './ImageUpload';

// A photo box is reached by Tab and opened by Enter: antd's default (a control inside) left it
// with no Tab stop at all, so a keyboard user could not register.
describe('ImageUpload', () => {
  it('is a button in the Tab order whose Enter opens the file chooser', () => {
    render(
      <MessageApp>
        <ImageUpload label="证件人像面" data-testid="box" />
      </MessageApp>,
    );
    const box = screen.getByRole('button');
    expect(box).toHaveAttribute('tabindex', '0');
    const input = screen.getByTestId('box').querySelector('input[type=file]') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(opened).toHaveBeenCalled();
  });
});
