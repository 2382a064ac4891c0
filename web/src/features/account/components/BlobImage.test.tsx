import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see shared/components/Panel.test.tsx).
import ConfigProvider from 'antd/es/config-provider';
import Image from 'antd/es/image';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFileBlob } from '@/shared/api/fetchFileBlob';
import { BlobImage } from './BlobImage';

vi.mock('@/shared/api/fetchFileBlob', () => ({ fetchFileBlob: vi.fn() }));

// BlobImage draws antd Image's thumbnail itself and loads the preview on the first click (issue 19):
// the thumbnail must be the very elements antd's Image renders, and the click must still preview.
describe('BlobImage', () => {
  beforeEach(() => {
    vi.mocked(fetchFileBlob).mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });

  it('renders the thumbnail as antd’s Image does', async () => {
    const ours = render(
      <ConfigProvider>
        <BlobImage id="f1" alt="身份证正面" />
      </ConfigProvider>,
    );
    await screen.findByTestId('photo-preview');
    const plain = ours.container.innerHTML;
    ours.unmount();
    const antd = render(
      <ConfigProvider>
        <Image src="blob:photo" alt="身份证正面" width={160} height={160 * 0.63} style={{ objectFit: 'cover' }} data-testid="photo-preview" />
      </ConfigProvider>,
    );
    expect(plain).toBe(antd.container.innerHTML);
    expect(plain).toContain('ant-image-img');
  });

  it('opens antd’s preview of the picture on a click, and closes it with Escape', async () => {
    render(
      <ConfigProvider>
        <BlobImage id="f1" alt="营业执照" />
      </ConfigProvider>,
    );
    fireEvent.click(await screen.findByTestId('photo-preview'));
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('blob:photo'));
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    await waitFor(() => expect(document.querySelector('.ant-image-preview-open, .ant-image-preview:not(.ant-image-preview-hidden)')).toBeNull());
  });

  it('opens the preview with Enter from the keyboard', async () => {
    render(
      <ConfigProvider>
        <BlobImage id="f2" alt="身份证反面" />
      </ConfigProvider>,
    );
    fireEvent.keyDown(await screen.findByTestId('photo-preview'), { key: 'Enter' });
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')).not.toBeNull());
  });
});
