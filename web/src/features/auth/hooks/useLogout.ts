import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/paths';
import { clearSession, getToken } from '@/shared/session';
import { logout } from '../api/logout';

/** The longest a sign-out waits for the page's own requests (a slow line must not hold it). */
const settleLimitMs = 3000;

/**
 * settled resolves when client has no query in flight, or after settleLimitMs. A page left at
 * once still has its GETs on their way; revoking the token under them made each answer 401 (a
 * console error, and a page that looked broken at the last moment).
 */
export function settled(client: QueryClient, limitMs = settleLimitMs): Promise<void> {
  if (client.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
  });
}

/**
 * useLogout signs out. The page is left first, so it starts no more requests; those already on
 * their way answer under the session (settled); then the server revokes the token and the stored
 * session is cleared. In the other order the page's GETs, and the refetches of its mounted
 * queries when the cache was cleared under them, answered 401 after 退出登录. The local session
 * is cleared even when the call fails (the client has shown why): the user asked to leave; but
 * only if it is still the one being left (someone who signed in again meanwhile keeps theirs).
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      const leaving = getToken();
      void navigate(paths.login, { replace: true });
      try {
        await settled(client);
        return await logout();
      } finally {
        if (getToken() === leaving) clearSession();
      }
    },
  });
  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
