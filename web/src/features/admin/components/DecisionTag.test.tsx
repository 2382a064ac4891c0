import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DecisionTag } from './DecisionTag';

// A decided 不通过 is red wherever it is shown (the item's header drew it grey), 通过 green.
describe('DecisionTag', () => {
  it('draws 不通过 red and 通过 green', () => {
    render(
      <>
        <DecisionTag decision="NOT_PASS" data-testid="no" />
        <DecisionTag decision="PASS" data-testid="yes" />
      </>,
    );
    expect(screen.getByTestId('no')).toHaveTextContent('不通过');
    expect(screen.getByTestId('no').className).toMatch(/-red\b/);
    expect(screen.getByTestId('yes').className).toMatch(/-green\b/);
  });
});
