import { http } from '@/shared/api/http';
import type { EditResult } from './types';

/** changeLicense submits a new licence or legal-person photos for review (PUT /api/account/businessLicense/edit). */
export function changeLicense(body: { licenseId?: string; personFrontId?: string; personBackId?: string }) {
  return http.request<EditResult>('PUT', '/api/account/businessLicense/edit', { body, silent: true });
}
