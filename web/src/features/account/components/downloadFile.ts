import { getToken } from '@/shared/session/session';

/** downloadFile fetches a protected file with the bearer token and saves it under name. */
export async function downloadFile(id: string, name: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api/file/download/${encodeURIComponent(id)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
