import { render } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './AntdProviders';

/** luminance is WCAG 2's relative luminance of an sRGB colour given as 0–255 channels. */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('a busy antd button', () => {
  // The whole button is drawn at opacityLoading over the white page: its white text stays white and
  // its background is blended toward white.
  const alpha = theme.components.Button.opacityLoading;
  const white = [255, 255, 255];
  for (const name of ['colorPrimary', 'colorError'] as const) {
    it(`keeps 4.5:1 for white text on ${name} (WCAG 1.4.3)`, () => {
      const bg = rgb(theme.token[name]).map((c) => alpha * c + (1 - alpha) * 255);
      expect(contrast(white, bg)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('is drawn at that opacity: antd sets it in the scope of the button', () => {
    render(
      <ConfigProvider theme={theme}>
        <Button type="primary" loading>
          提交
        </Button>
      </ConfigProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain(`--ant-opacity-loading:${alpha}`);
  });
});
