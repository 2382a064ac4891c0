import { describe, expect, it } from 'vitest';
import { authorizeRedirect, isAuthorizeUri } from './getAuthorizeCallback';

describe('the authorize redirect (01 §4)', () => {
  it('appends &loginType to the callback address', () => {
    expect(authorizeRedirect('https://tender.example.cn/cb?code=abc&state=x1', 'basics')).toBe('https://tender.example.cn/cb?code=abc&state=x1&loginType=basics');
  });
  it('starts the query when the callback has none, and escapes the value', () => {
    expect(authorizeRedirect('https://tender.example.cn/cb', 'a b&c')).toBe('https://tender.example.cn/cb?loginType=a%20b%26c');
  });
  it('leaves the callback alone without a loginType', () => {
    expect(authorizeRedirect('https://tender.example.cn/cb?code=abc', null)).toBe('https://tender.example.cn/cb?code=abc');
  });
  it('fetches only our own authorize call', () => {
    expect(isAuthorizeUri('/api/auth/authorize?client_id=a')).toBe(true);
    expect(isAuthorizeUri('https://evil.example/api/auth/authorize')).toBe(false);
  });
});
