import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSignIn, UserType } from '@/shared/session/session';
import { renderApp } from '@/test/renderApp';

/** The pages of 02 §2 that have no header. */
const withoutHeader = [
  '/',
  '/registerFrame',
  '/register/personal',
  '/register/legalPerson',
  '/register/forgetPwd',
  '/basic/CAcertificate',
  '/basic/enterpriseLegalPerson',
];

const withHeader = [
  '/completeInfo',
  '/supply/findPwd',
  '/supply/findPwd/mobileOrEmail',
  '/accountCenterPage',
  '/accountCenter/modifyRecord',
  '/admin',
  '/dev/outbox',
  '/error/500',
  '/no/such/page',
];

/** pageReady waits for the root layout (and so the route's header and frame) to render; the page inside may still load. */
async function pageReady() {
  await screen.findByRole('main', undefined, { timeout: 3000 });
}

function signIn() {
  saveSignIn({ token: 'tok', userName: 'alice', userId: '1', userType: UserType.Person, registerProcess: false });
}

describe('header visibility', () => {
  it.each(withoutHeader)('hides the header on %s', async (path) => {
    signIn();
    renderApp(path);
    await pageReady();
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument();
  });

  it.each(withHeader)('shows the header with the site title on %s', async (path) => {
    signIn();
    renderApp(path, { config: { siteTitle: '测试平台' } });
    await pageReady();
    const header = screen.getByTestId('app-header');
    expect(header).toHaveTextContent('测试平台');
    expect(header).toHaveTextContent('退出登录');
  });

  it('shows no 退出登录 when signed out', async () => {
    renderApp('/supply/findPwd');
    await pageReady();
    expect(screen.getByTestId('app-header')).not.toHaveTextContent('退出登录');
  });
});

describe('background frame', () => {
  it.each(['/register/personal', '/register/legalPerson', '/register/forgetPwd', '/completeInfo'])(
    'frames %s with the background',
    async (path) => {
      renderApp(path);
      await pageReady();
      expect(screen.getByTestId('background-frame')).toBeInTheDocument();
    },
  );

  it.each(['/supply/findPwd', '/accountCenterPage'])('does not frame %s with the background', async (path) => {
    signIn();
    renderApp(path);
    await pageReady();
    expect(screen.queryByTestId('background-frame')).not.toBeInTheDocument();
  });
});

describe('dev banner', () => {
  it('shows 开发模式 with a link to the outbox in dev mode, on pages with and without a header', async () => {
    for (const path of ['/', '/supply/findPwd']) {
      const { unmount } = renderApp(path, { config: { dev: true } });
      await pageReady();
      const banner = screen.getByTestId('dev-banner');
      expect(banner).toHaveTextContent('开发模式');
      expect(screen.getByRole('link', { name: '短信/邮件发件箱' })).toHaveAttribute('href', '#/dev/outbox');
      unmount();
    }
  });

  it('is absent otherwise', async () => {
    renderApp('/');
    await pageReady();
    expect(screen.queryByTestId('dev-banner')).not.toBeInTheDocument();
  });
});

describe('wide frame', () => {
  // The account centre and the console draw their own side menu across the width (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
  it.each(['/accountCenter/modifyRecord', '/accountCenter/personal/essentialInformation', '/admin'])('gives %s the whole width', async (path) => {
    signIn();
    renderApp(path);
    await pageReady();
    expect(screen.getByTestId('wide-frame')).toBeInTheDocument();
  });

  it.each(['/accountCenterPage', '/supply/findPwd', '/dev/outbox'])('keeps %s in the centred column', async (path) => {
    signIn();
    renderApp(path);
    await pageReady();
    expect(screen.queryByTestId('wide-frame')).not.toBeInTheDocument();
  });
});
