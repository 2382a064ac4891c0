import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import ConfigProvider from 'antd/es/config-provider';
import Image from 'antd/es/image';
import { describe, expect, it } from 'vitest';
import { PreviewImage, type PreviewImageProps } from './PreviewImage';
import { antdMarkup } from '@/test/antdMarkup';

// PreviewImage draws antd Image's thumbnail itself and loads the preview on the first click
// (docs/decisions/frontend-load.md, "Front-end load"): the thumbnail must be the very elements antd's Image renders, and the click and
// the keyboard must still open the preview.

describe('PreviewImage', () => {
  it.each<[string, PreviewImageProps]>([
    ['sized, covering its box (the account centre)', { src: 'blob:a', alt: '身份证正面', width: 160, height: 100.8, style: { objectFit: 'cover' }, 'data-testid': 'photo-preview' }],
    ['sized by a class (the console)', { src: 'blob:b', alt: '营业执照', className: 'photo', 'data-testid': 'photo-营业执照' }],
  ])('renders the thumbnail as antd’s Image does: %s', (_name, props) => {
    const antd = antdMarkup(<Image {...props} />);
    expect(antdMarkup(<PreviewImage {...props} />)).toBe(antd);
    expect(antd).toContain('ant-image-img');
  });

  it('opens antd’s preview of the picture on a click, and closes it with Escape', async () => {
    render(
      <ConfigProvider>
        <PreviewImage src="blob:photo" alt="营业执照" data-testid="p" />
      </ConfigProvider>,
    );
    expect(document.querySelector('.ant-image-preview')).toBeNull();
    fireEvent.click(screen.getByTestId('p'));
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('blob:photo'));
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).toBeNull());
  });

  it('opens the preview with Enter from the keyboard', async () => {
    render(
      <ConfigProvider>
        <PreviewImage src="blob:photo" alt="身份证反面" data-testid="p" />
      </ConfigProvider>,
    );
    fireEvent.keyDown(screen.getByTestId('p'), { key: 'Enter' });
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')).not.toBeNull());
  });
});
