import { getToken } from '../session/session';
import { fillPath, type ApiPath } from './contract';

const download: ApiPath = '/api/file/download/{id}';

/**
 * fetchFileBlob loads the bytes of an uploaded file (GET /api/file/download/{id}) with the
 * session's bearer token, which an <img> or a link cannot send. It resolves to null when
 * the answer is not the file (gone, or not the caller's): the callers then show no preview.
 */
export async function fetchFileBlob(id: string, signal?: AbortSignal): Promise<Blob | null> {
  const token = getToken();
  const res = await fetch(fillPath(download, { id }), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: signal ?? null });
  return res.ok ? res.blob() : null;
}
