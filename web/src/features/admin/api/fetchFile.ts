import { getAdminToken } from './session';

/**
 * fetchFile loads a file through the staff download (GET /api/admin/files/{id}; each view is
 * logged) and returns a blob: URL. An <img> cannot send the bearer header, hence the fetch.
 */
export async function fetchFile(id: string, signal?: AbortSignal): Promise<string> {
  const token = getAdminToken();
  const res = await fetch(`/api/admin/files/${encodeURIComponent(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}
