import { describe, expect, it } from 'vitest';
import { passwordOk } from './password';

// The cases of internal/password's test: the client refuses what the server refuses.
describe('passwordOk', () => {
  it.each([
    ['abcd1234', false, true],
    ['abcdefgh', false, false], // one kind
    ['abc123', false, false], // short
    ['abcd1234abcd1234abcd1', false, false], // 21
    ['abcd 1234', false, false], // a space
    ['abcd1234密码', false, false], // not ASCII
    ['abcd1234\t', false, false],
    ['Abcd1234efgh', true, false], // 12
    ['abcd1234efghi', true, false], // two kinds
    ['Abcd1234efghi', true, true],
    ['abcd!234efghi', true, true],
    ['ABCD!234EFGHÍ', true, false],
  ])('%j (enterprise %s) → %s', (pw, enterprise, ok) => {
    expect(passwordOk(pw, enterprise)).toBe(ok);
  });
});
