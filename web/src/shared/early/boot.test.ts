import { afterEach, describe, expect, it, vi } from 'vitest';
import boot from '../../../public/boot.js?raw';

// public/boot.js with the tables the build writes into it (vite.config.ts, routePreloads).
const built = {
  files: ['assets/LoginPage-a.js', 'assets/AccountCenterPage-b.js', 'assets/descriptions-c.js', 'assets/AccountCenterPage-d.css', 'assets/Error-e.js', 'assets/Admin-f.js', 'assets/start-g.js'],
  app: [6],
  routes: [
    ['/', 0, [0]],
    ['/accountCenterPage', 1, [1, 2, 3]],
    ['/error/:status', 0, [4]],
    ['/admin/*', 0, [5]],
  ],
  data: {
    '/accountCenterPage': [['/api/account/security/info', 0], ['/api/account/auth', 0]],
    '/accountCenter/personal/essentialInformation': [['/api/account/person', 1]],
  },
};

type W = { __bidpassPreloadRoute?: (path: string) => void; __bidpassEarlyData?: { token: string; answers: Record<string, Promise<unknown>> }; __bidpassGraphicCode?: Promise<unknown> };

function run(hash: string, session?: { token: string; userType: string }) {
  window.location.hash = hash;
  if (session) {
    localStorage.setItem('token', session.token);
    localStorage.setItem('userType', session.userType);
  }
  const f = vi.fn(async () => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: '', data: { id: 'c1', codeimage: 'data:,' } }))));
  vi.stubGlobal('fetch', f);
  const code = boot.replace('/* build: route chunks */ null', JSON.stringify(built));
  expect(code).not.toBe(boot);
  // The script under test, run as the page runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const script = new Function(code) as () => void;
  script();
  const links = [...document.head.querySelectorAll('link')].map((l) => `${l.rel}${l.rel === 'preload' ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`);
  return { f, links, urls: f.mock.calls.map((c) => String((c as unknown[])[0])) };
}

afterEach(() => {
  document.head.querySelectorAll('link').forEach((l) => l.remove());
  document.documentElement.removeAttribute('data-prerendered');
  delete (window as W).__bidpassEarlyData;
  delete (window as W).__bidpassGraphicCode;
  delete (window as W).__bidpassPreloadRoute;
});

describe('boot.js', () => {
  it('on the login page without a picture in the copy asks for the graphic code first, then preloads the login page but not the app', () => {
    const { urls, links } = run('#/');
    expect(urls).toEqual(['/api/auth/verifycode']);
    expect(links).toEqual(['modulepreload /assets/LoginPage-a.js']);
    expect((window as W).__bidpassGraphicCode).toBeInstanceOf(Promise);
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(true);
  });

  it('on the login page takes the code whose picture the server wrote into the copy, and asks for none', async () => {
    const copy = document.createElement('div');
    copy.id = 'prerendered';
    copy.innerHTML = '<span data-testid="graphic-code"><img src="data:image/png;base64,AAAA" data-code-id="inpage1"></span>';
    document.body.append(copy);
    try {
      const { urls, links } = run('#/');
      expect(urls).toEqual([]);
      expect(links).toEqual(['modulepreload /assets/LoginPage-a.js']);
      await expect((window as W).__bidpassGraphicCode).resolves.toEqual({ id: 'inpage1', codeimage: 'data:image/png;base64,AAAA' });
      // The picture stays the one the server wrote.
      await Promise.resolve();
      expect(copy.querySelectorAll('img')).toHaveLength(1);
    } finally {
      copy.remove();
    }
  });

  it('signed in, starts the account centre’s GETs with the stored token and preloads its chunks', async () => {
    const { f, urls, links } = run('#/accountCenterPage', { token: 'tok-a', userType: '1' });
    expect(urls.map((u) => u.replace(/\?_t=\d+$/, ''))).toEqual(['/api/account/security/info', '/api/account/auth']);
    const init = (f.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-a');
    expect(links).toEqual([
      'modulepreload /assets/start-g.js',
      'modulepreload /assets/AccountCenterPage-b.js',
      'modulepreload /assets/descriptions-c.js',
      'preload:style /assets/AccountCenterPage-d.css',
    ]);
    const early = (window as W).__bidpassEarlyData;
    expect(early?.token).toBe('tok-a');
    await expect(early?.answers['/api/account/auth']).resolves.toMatchObject({ code: 0 });
    expect(document.documentElement.hasAttribute('data-prerendered')).toBe(false);
  });

  it('signed out, asks for nothing and preloads only the app on a page that needs a session', () => {
    const { urls, links } = run('#/accountCenterPage');
    expect(urls).toEqual([]);
    expect(links).toEqual(['modulepreload /assets/start-g.js']);
    expect((window as W).__bidpassEarlyData).toBeUndefined();
  });

  it('asks for a kind’s page data only for an account of that kind', () => {
    expect(run('#/accountCenter/personal/essentialInformation', { token: 't', userType: '2' }).urls).toEqual([]);
    expect(run('#/accountCenter/personal/essentialInformation', { token: 't', userType: '1' }).urls).toHaveLength(1);
  });

  it('preloads the page after the sign-in when the app asks, once, without a session yet', () => {
    run('#/');
    const preload = (window as W).__bidpassPreloadRoute;
    preload?.('/accountCenterPage');
    preload?.('/accountCenterPage');
    const links = [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(links).toEqual(['/assets/LoginPage-a.js', '/assets/AccountCenterPage-b.js', '/assets/descriptions-c.js', '/assets/AccountCenterPage-d.css']);
  });

  it('matches parameters and wildcards as the router does', () => {
    expect(run('#/error/404').links).toEqual(['modulepreload /assets/start-g.js', 'modulepreload /assets/Error-e.js']);
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    expect(run('#/admin/reviews?page=2').links).toEqual(['modulepreload /assets/start-g.js', 'modulepreload /assets/Admin-f.js']);
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    expect(run('#/no/such/page').links).toEqual(['modulepreload /assets/start-g.js']);
  });
});
