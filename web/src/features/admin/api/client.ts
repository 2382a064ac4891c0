import { createHttpClient } from '@/shared/api/http';
import { navigate } from '@/shared/navigation';
import { paths } from '@/shared/paths';
import { clearAdminToken, getAdminToken } from './session';

/**
 * adminHttp is the shared client bound to the staff token. An expired or refused staff
 * session goes back to the console's sign-in (#/admin), not the portal's login.
 */
export const adminHttp = createHttpClient({
  session: { getToken: getAdminToken, getBackUrl: () => null, clearSession: clearAdminToken },
  navigate: (to, options) => navigate(to === paths.login ? paths.admin : to, options),
});
