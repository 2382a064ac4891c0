import { describe, expect, it } from 'vitest';
import { checkImage } from '@/shared/components/ImageUpload';
import { strength } from './rules';

describe('registration rules (mirrors of the server)', () => {
  it('meters strength from 6 characters', () => {
    expect(strength('abc12')).toBeNull();
    expect(strength('abcdef')).toBe('weak');
    expect(strength('abcd1234')).toBe('medium');
    expect(strength('Abcd1234!x')).toBe('strong');
  });
  it('refuses non-photos and photos over 10 MB with the spec messages', () => {
    expect(checkImage({ type: 'application/pdf', name: 'a.pdf', size: 10 })).toBe('请上传 JPG,JPEG,PNG 格式');
    expect(checkImage({ type: 'image/png', name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe('图片大小不能超过 10MB!');
    expect(checkImage({ type: 'image/jpeg', name: 'a.jpg', size: 1000 })).toBeNull();
  });
});
