import { vi } from 'vitest';

/** A tiny fake of the captcha endpoints for widget tests: answers by path, records the bodies sent. */
export interface FakeCall {
  path: string;
  body: Record<string, unknown>;
}

export type FakeAnswer = (call: FakeCall) => unknown;

export function fakeServer(answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  const calls: FakeCall[] = [];
  const counts: Record<string, number> = {};
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ path, body });
    const a = answers[path];
    const n = (counts[path] = (counts[path] ?? 0) + 1);
    const fn = Array.isArray(a) ? a[Math.min(n - 1, a.length - 1)] : a;
    if (!fn) return Promise.resolve(new Response('{}', { status: 404 }));
    const res = new Response(JSON.stringify(fn({ path, body })), { status: 200, headers: { 'Content-Type': 'application/json' } });
    return Promise.resolve(res);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A 1x1 PNG, enough for an <img>. */
export const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const ok = (repData: unknown) => ({ repCode: '0000', repMsg: '成功', repData, success: true, error: false });
export const refused = (repCode: string, repMsg: string) => ({ repCode, repMsg, repData: null, success: false, error: true });
