import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FormLabelTooltip from './FormLabelTooltip';

// The build puts FormLabelTooltip where antd's form label imports its Tooltip (vite.config.ts
// formLabelTooltip): the label's icon must show at once, and its tooltip once antd's is fetched.
describe('FormLabelTooltip', () => {
  it('draws its child at once and antd Tooltip around it once fetched', async () => {
    render(
      <FormLabelTooltip title="证件号码为18位">
        <span data-testid="icon">?</span>
      </FormLabelTooltip>,
    );
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    // A hover once antd's Tooltip is in shows the tooltip (its open delay, 0.1 s, under the interval).
    await waitFor(
      () => {
        fireEvent.mouseEnter(screen.getByTestId('icon'));
        expect(screen.getByRole('tooltip')).toHaveTextContent('证件号码为18位');
      },
      { interval: 300, timeout: 10_000 },
    );
  });
});
