import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../api/http';
import { saveSignIn } from '../session/session';
import { currentRoute, seedEarlyQueries, type EarlyData } from './earlyData';

const route = '/accountCenterPage';
const security = { account: 'benchweb01', phone: '13900000077' };

function signIn(token: string) {
  saveSignIn({ token, userName: 'benchweb01', userId: '7', userType: 1, registerProcess: false });
}

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
}

function fetchAnswering(data: unknown) {
  const f = vi.fn(async () => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data }), { status: 200 })));
  vi.stubGlobal('fetch', f);
  return f;
}

describe('seedEarlyQueries', () => {
  it('puts the answers the boot script has into the cache, and the page does not ask again', async () => {
    signIn('tok-a');
    const f = fetchAnswering(null);
    const holder: { __bidpassEarlyData?: EarlyData } = {
      __bidpassEarlyData: {
        token: 'tok-a',
        answers: {
          '/api/account/security/info': Promise.resolve({ code: 0, msg: '', data: security }),
          '/api/account/auth': Promise.resolve({ code: 0, msg: '', data: { level: 1, items: [] } }),
        },
      },
    };
    const qc = client();
    seedEarlyQueries(qc, route, holder);
    expect(holder.__bidpassEarlyData).toBeUndefined();
    const page = vi.fn(async () => Promise.resolve('asked again'));
    // What the page's useQuery does on mount: the data is fresh, so its queryFn is not called.
    await expect(qc.fetchQuery({ queryKey: ['account', 'security'], queryFn: page })).resolves.toEqual(security);
    await expect(qc.fetchQuery({ queryKey: ['account', 'trust'], queryFn: page })).resolves.toEqual({ level: 1, items: [] });
    expect(page).not.toHaveBeenCalled();
    expect(f).not.toHaveBeenCalled();
  });

  it('lets the page join a request still under way', async () => {
    signIn('tok-a');
    let answer!: (e: Envelope<unknown>) => void;
    const pending = new Promise<Envelope<unknown> | null>((resolve) => (answer = resolve));
    const qc = client();
    seedEarlyQueries(qc, route, { __bidpassEarlyData: { token: 'tok-a', answers: { '/api/account/security/info': pending } } });
    const page = vi.fn(async () => Promise.resolve('asked again'));
    const mounted = qc.fetchQuery({ queryKey: ['account', 'security'], queryFn: page });
    answer({ code: 0, msg: '', data: security });
    await expect(mounted).resolves.toEqual(security);
    expect(page).not.toHaveBeenCalled();
    // Only what the boot script asked for is seeded.
    expect(qc.getQueryState(['account', 'trust'])).toBeUndefined();
  });

  it('never seeds answers sent with another session than the one stored', async () => {
    signIn('tok-b');
    const qc = client();
    const holder: { __bidpassEarlyData?: EarlyData } = {
      __bidpassEarlyData: { token: 'tok-a', answers: { '/api/account/security/info': Promise.resolve({ code: 0, msg: '', data: security }) } },
    };
    seedEarlyQueries(qc, route, holder);
    expect(holder.__bidpassEarlyData).toBeUndefined();
    expect(qc.getQueryState(['account', 'security'])).toBeUndefined();
    await Promise.resolve();
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });

  it('asks again the app’s way, with the stored token, when the early answer is no success', async () => {
    signIn('tok-a');
    const f = fetchAnswering(security);
    const qc = client();
    seedEarlyQueries(qc, route, {
      __bidpassEarlyData: { token: 'tok-a', answers: { '/api/account/security/info': Promise.resolve(null) } },
    });
    await expect(qc.fetchQuery({ queryKey: ['account', 'security'], queryFn: () => 'asked again' })).resolves.toEqual(security);
    expect(f).toHaveBeenCalledTimes(1);
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/account\/security\/info\?_t=\d+$/);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-a');
  });

  it('does nothing without what the boot script leaves, or on a route without early data', () => {
    signIn('tok-a');
    const qc = client();
    seedEarlyQueries(qc, route, {});
    seedEarlyQueries(qc, '/accountCenter/modifyRecord', {
      __bidpassEarlyData: { token: 'tok-a', answers: { '/api/account/security/info': Promise.resolve(null) } },
    });
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('currentRoute', () => {
  it('is the hash path without its query, / for the login page', () => {
    expect(currentRoute('#/accountCenterPage')).toBe('/accountCenterPage');
    expect(currentRoute('#/?authorize_uri=x')).toBe('/');
    expect(currentRoute('')).toBe('/');
  });
});
