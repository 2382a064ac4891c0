import { describe, expect, it } from 'vitest';
import { staffName } from './staffName';

describe('staffName', () => {
  it('prefers the display name', () => {
    expect(staffName({ displayName: '审核员王工', account: 'shenhe01' })).toBe('审核员王工');
  });
  it.each([[''], ['   '], [null], [undefined]])('falls back to the account name for %j', (displayName) => {
    expect(staffName({ displayName, account: 'root01' })).toBe('root01');
  });
});
