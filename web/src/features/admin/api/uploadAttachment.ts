import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** uploadAttachment stores a decision attachment (POST /api/admin/files). */
export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callData('post', '/api/admin/files', { body: form, client: adminHttp });
}
