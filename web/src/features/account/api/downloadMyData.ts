import type { ApiPath } from '@/shared/api/contract';
import { http, type Downloaded } from '@/shared/api/http';

const exportPath: ApiPath = '/api/account/export';

/**
 * downloadMyData fetches the zip of the signed-in account's own data (GET /api/account/export)
 * with the session's bearer token: the account is the session's, so no id and no token ever
 * appear in a URL. Errors are the client's usual ones (toasted, or the session expired).
 */
export function downloadMyData(): Promise<Downloaded> {
  return http.download(exportPath, { timeoutMs: 120_000 });
}
