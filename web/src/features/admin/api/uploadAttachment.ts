import { adminHttp } from './client';
import type { FileRef } from './types';

/** uploadAttachment stores a decision attachment (POST /api/admin/files). */
export async function uploadAttachment(file: File): Promise<FileRef> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await adminHttp.request<FileRef>('POST', '/api/admin/files', { body: form })).data;
}
