import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/paths';
import { clearSession } from '@/shared/session';
import { logout } from '../api/logout';

/**
 * useLogout signs out: the server revokes the token, then the stored session is
 * cleared and the user goes to the login page. The local session is cleared even
 * when the call fails (the client has shown why): the user asked to leave.
 */
export function useLogout(): { logout: () => void; pending: boolean } {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      void navigate(paths.login, { replace: true });
    },
  });
  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
