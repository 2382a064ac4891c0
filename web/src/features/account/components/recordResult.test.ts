import { describe, expect, it } from 'vitest';
import { recordResult } from './recordResult';

describe('recordResult', () => {
  it('names a withdrawn change 已撤销, not 未认证', () => {
    expect(recordResult({ authMethod: 'manual', isValid: 0, authState: 0 })).toBe('已撤销');
  });
  it('keeps the decision words and nothing for a direct change', () => {
    expect(recordResult({ authMethod: 'manual', isValid: 0, authState: 2 })).toBe('认证未通过');
    expect(recordResult({ authMethod: 'manual', isValid: 1, authState: 1 })).toBe('已认证');
    expect(recordResult({ authMethod: 'manual', isValid: 2, authState: 99 })).toBe('认证中');
    expect(recordResult({ authMethod: 'direct', isValid: 1, authState: 0 })).toBe('-');
  });
});
