import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrustLevelTag } from './TrustLevelTag';

describe('TrustLevelTag', () => {
  it.each([
    [0, 0, '未认证'],
    [1, 1, '已认证'],
    [99, 99, '认证中'],
    // The server's level is 0 after a rejection; the account's authState says why.
    [0, 2, '认证未通过'],
    [1, 2, '已认证'],
    [7, 0, '未认证'],
  ])('level %i with authState %i reads %s', (level, authState, text) => {
    render(<TrustLevelTag level={level} authState={authState} />);
    expect(screen.getByTestId('trust-level').textContent).toBe(text);
  });

  it('marks a rejection red', () => {
    render(<TrustLevelTag level={0} authState={2} />);
    expect(screen.getByTestId('trust-level').className).toMatch(/ant-tag-red/);
  });
});
