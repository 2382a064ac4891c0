import { describe, expect, it } from 'vitest';
import { authorizeRedirect, isAuthorizeUri, realNameRefusal } from './getAuthorizeCallback';

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

describe('the real-name refusal before the authorize call', () => {
  it('refuses authState 0 and 99 in the authorize_uri flow (01 §4)', () => {
    const legacy = '/api/auth/authorize?client_id=tender&state=x';
    expect(realNameRefusal(legacy, 0)).toBe('notSubmitted');
    expect(realNameRefusal(legacy, 99)).toBe('notPassed');
    expect(realNameRefusal(legacy, 1)).toBeNull();
    expect(realNameRefusal(legacy, 2)).toBeNull();
  });
  it('leaves an OpenID Connect request to the provider, which knows whether the client requires real-name (issue 20)', () => {
    for (const st of [0, 1, 2, 99]) expect(realNameRefusal('/api/auth/authorize?auth_request=abc', st)).toBeNull();
  });
});
