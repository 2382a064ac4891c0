import { call, type RequestBody } from '@/shared/api/contract';

/** changeLicense submits a new licence or legal-person photos for review (PUT /api/account/businessLicense/edit). */
export function changeLicense(body: RequestBody<'/api/account/businessLicense/edit', 'put'>) {
  return call('put', '/api/account/businessLicense/edit', { body, silent: true });
}
