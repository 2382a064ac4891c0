import { fetchFileBlob } from '@/shared/api/fetchFileBlob';

/** downloadFile fetches a protected file with the bearer token and saves it under name. */
export async function downloadFile(id: string, name: string): Promise<void> {
  const blob = await fetchFileBlob(id);
  if (!blob) return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
