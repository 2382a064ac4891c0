import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigContext, defaultConfig } from '@/shared/config';
import { HelpPanel } from './HelpPanel';

function panel(helpPhone: string, helpQQ: string) {
  render(
    <RuntimeConfigContext.Provider value={{ ...defaultConfig, helpPhone, helpQQ }}>
      <HelpPanel />
    </RuntimeConfigContext.Provider>,
  );
  return screen.getByTestId('help-panel').textContent ?? '';
}

// The panel names only the ways of contact the platform configured: "请通过QQ或电话联系客服"
// with no QQ number anywhere sent users looking for one.
describe('HelpPanel', () => {
  it('names QQ and phone when both are configured, and shows both', () => {
    const text = panel('400-000-0000', '12345');
    expect(text).toContain('如有疑问，请通过QQ或电话联系客服。');
    expect(text).toContain('客服电话：400-000-0000');
    expect(text).toContain('客服QQ：12345');
  });
  it('says only the phone when no QQ is configured', () => {
    const text = panel('400-000-0000', '');
    expect(text).toContain('如有疑问，请拨打客服电话。');
    expect(text).not.toContain('QQ');
  });
  it('names neither when nothing is configured', () => {
    const text = panel('', '');
    expect(text).toContain('如有疑问，请联系平台客服。');
    expect(text).not.toMatch(/QQ|电话/);
  });
});
