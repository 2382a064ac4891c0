import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindToast } from '@/shared/feedback/toast';
import { saveSignIn, UserType } from '@/shared/session/session';
import { renderApp } from '@/test/renderApp';

function signIn() {
  saveSignIn({ token: 'tok', userName: 'alice', userId: '1', userType: UserType.Person, registerProcess: false });
}

describe('route guard (requireAuth)', () => {
  it.each(['/accountCenterPage', '/accountCenter', '/accountCenter/personal/accountSecurity', '/basic/CAcertificate'])(
    'sends %s to login with a warning when no token is stored',
    async (path) => {
      const sink = vi.fn();
      const unbind = bindToast(sink);
      const { router } = renderApp(path);

      await waitFor(() => expect(router.location.pathname).toBe('/'));
      expect(sink).toHaveBeenCalledWith('warning', 'token已失效，请重新登录！', expect.any(String));
      unbind();
    },
  );

  it('lets a signed-in user into the account centre', async () => {
    signIn();
    const sink = vi.fn();
    const unbind = bindToast(sink);
    const { router } = renderApp('/accountCenterPage');

    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/accountCenterPage');
    expect(sink).not.toHaveBeenCalled();
    unbind();
  });

  it('does not guard public pages', async () => {
    const { router } = renderApp('/supply/findPwd');
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/supply/findPwd');
  });

  it('redirects /accountCenter to the basic-information page', async () => {
    signIn();
    const { router } = renderApp('/accountCenter');

    await waitFor(() => expect(router.location.pathname).toBe('/accountCenter/personal/essentialInformation'));
  });
});

describe('own account-centre page (issue 18)', () => {
  it('turns a move to the other kind\'s page into the own page within the document', async () => {
    saveSignIn({ token: 'tok', userName: 'ent', userId: '2', userType: UserType.Enterprise, registerProcess: false });
    // The entry's default (the person's page) first, then a move to the person's page again.
    const { router } = renderApp('/accountCenter');
    await waitFor(() => expect(router.location.pathname).toBe('/accountCenter/legalPerson/legalPersonInformation'));
    act(() => router.navigate('/accountCenter/personal/essentialInformation'));
    await waitFor(() => expect(router.location.pathname).toBe('/accountCenter/legalPerson/legalPersonInformation'));
    // And once more: the same redirect again, right after the one before (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
    act(() => router.navigate('/accountCenter/personal/essentialInformation'));
    await waitFor(() => expect(router.location.pathname).toBe('/accountCenter/legalPerson/legalPersonInformation'));
  });
});
