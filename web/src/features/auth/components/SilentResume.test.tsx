import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindToast } from '@/shared/feedback/toast';
import { getToken, saveSignIn, UserType } from '@/shared/session/session';
import { SilentResume } from './SilentResume';

const uri = '/api/auth/authorize?auth_request=silent-abc';
const answer = (status: number, body: unknown) => vi.fn(async () => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('SilentResume (prompt=none)', () => {
  it('without a portal session goes to login-required at once, asking nothing', async () => {
    const fetch = answer(200, { code: 0, msg: '', data: 'never' });
    vi.stubGlobal('fetch', fetch);
    const go = vi.fn();
    render(<SilentResume authorizeUri={uri} go={go} />);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/sso/requests/silent-abc/login-required'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with a portal session resumes the request and follows the answer', async () => {
    saveSignIn({ token: 'tok', userName: 'p1', userId: '1', userType: UserType.Person, registerProcess: false });
    const fetch = answer(200, { code: 0, msg: '', data: 'http://127.0.0.1/oidc/authorize/callback?id=silent-abc' });
    vi.stubGlobal('fetch', fetch);
    const go = vi.fn();
    render(<SilentResume authorizeUri={uri} go={go} />);
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1/oidc/authorize/callback?id=silent-abc'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/auth/authorize?auth_request=silent-abc');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('with a session the server refuses goes to login-required without a toast', async () => {
    saveSignIn({ token: 'stale', userName: 'p1', userId: '1', userType: UserType.Person, registerProcess: false });
    vi.stubGlobal('fetch', answer(401, { code: 401, msg: '登录已失效', data: null }));
    const toasts: string[] = [];
    bindToast((_, m) => toasts.push(m));
    const go = vi.fn();
    render(<SilentResume authorizeUri={uri} go={go} />);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/sso/requests/silent-abc/login-required'));
    expect(go).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
    // The refused session is dropped, as any 401 drops it.
    expect(getToken()).toBeNull();
  });
});
