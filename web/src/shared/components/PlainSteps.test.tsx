import { fireEvent, render, screen } from '@testing-library/react';
// antd's ES build, as the browser bundle has it (see Panel.test.tsx).
import Steps from 'antd/es/steps';
import { describe, expect, it, vi } from 'vitest';
import { PlainSteps } from './PlainSteps';
import { antdCss, antdMarkup } from '@/test/antdMarkup';

// PlainSteps stands in for antd's Steps in the wizards (docs/decisions/frontend-load.md, "Front-end load"): it must render the very
// elements, class names and styles Steps renders for the props the wizards pass, so that they
// look the same and the e2e tests' selectors (.ant-steps-item-active …) still hold.

const titles = [{ title: '注册账号' }, { title: '实名信息' }, { title: '实名认证' }, { title: '完成' }];

describe('PlainSteps', () => {
  it.each([
    ['the first step, with a style', { current: 0, items: titles, style: { marginBottom: 24 } }],
    ['a middle step, clickable', { current: 2, items: titles, onChange: () => undefined }],
    ['the last step, with a class', { current: 3, items: titles.slice(0, 3).concat({ title: '完成' }), className: 'steps' }],
    ['a later step left waiting, with content', { current: 3, items: titles.map((t, i) => (i === 2 ? { ...t, status: 'wait' as const, content: '已跳过' } : t)), onChange: () => undefined }],
    ['current unset', { items: titles.slice(0, 2) }],
  ])('renders as Steps does: %s', (_name, props) => {
    const antd = antdMarkup(<Steps {...props} />);
    const marked = antdMarkup(<PlainSteps {...props} />);
    // The one attribute PlainSteps adds: aria-current on the step in progress.
    expect(marked.match(/aria-current="step"/g)).toHaveLength(1);
    const plain = marked.replace(' aria-current="step"', '');
    expect(plain).toBe(antd);
    expect(plain).toContain('ant-steps-item-active');
  });

  it('turns vertical on a phone-wide screen as Steps does', () => {
    // antd's breakpoints ask matchMedia; only the phone query (max-width) matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const props = { current: 1, items: titles };
    const plain = antdMarkup(<PlainSteps {...props} />).replace(' aria-current="step"', '');
    expect(plain).toBe(antdMarkup(<Steps {...props} />));
    expect(plain).toContain('ant-steps-vertical');
  });

  it('calls onChange with another step, by click, Enter or Space', () => {
    const onChange = vi.fn();
    render(<PlainSteps current={1} items={titles} onChange={onChange} />);
    const steps = screen.getAllByRole('button');
    expect(steps).toHaveLength(4);
    fireEvent.click(steps[1]);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(steps[0]);
    expect(onChange).toHaveBeenLastCalledWith(0);
    fireEvent.keyDown(steps[2], { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(steps[3], { key: ' ' });
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(steps[3], { key: 'a' });
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('is no button without onChange', () => {
    render(<PlainSteps current={1} items={titles} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('实名信息').closest('.ant-steps-item')).toHaveClass('ant-steps-item-process');
  });
});


describe('usePlainStepsStyle', () => {
  // PlainSteps draws with a part of antd's steps stylesheet (plainStepsStyle.ts): each of its
  // rules must be one antd writes, and the rules for what the wizards show must be there.
  it('writes the rules of antd itself for what PlainSteps shows', () => {
    const antd = new Set(antdCss(<Steps current={1} items={titles} />));
    const plain = antdCss(<PlainSteps current={1} items={titles} />);
    const missing = plain.filter((r) => !antd.has(r));
    expect(missing).toEqual([]);
    for (const cls of ['-horizontal', '-vertical', '-title-horizontal', '-filled', '-item-finish', '-item-process', '-item-wait', '-item-rail']) {
      expect(plain.some((r) => r.includes(`.ant-steps${cls}`))).toBe(true);
    }
    // What it leaves out: the navigation and panel types' own rules.
    expect(plain.some((r) => r.includes('.ant-steps-navigation') || r.includes('.ant-steps-panel'))).toBe(false);
    expect([...antd].some((r) => r.includes('.ant-steps-navigation'))).toBe(true);
  });
});
