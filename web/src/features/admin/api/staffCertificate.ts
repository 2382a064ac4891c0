import { callData, type RequestBody } from '@/shared/api/contract';
import { adminHttp } from './client';

/** staffCertificates answers the certificates bound to a member (GET /api/admin/staff/{id}/certificate, administrators). */
export const staffCertificates = (id: number) => callData('get', '/api/admin/staff/{id}/certificate', { path: { id }, silent: true, client: adminHttp });

/** staffCertificateChallenge asks the challenge the member's key signs (POST /api/admin/staff/{id}/certificate/prev). */
export const staffCertificateChallenge = (id: number) => callData('post', '/api/admin/staff/{id}/certificate/prev', { path: { id }, silent: true, client: adminHttp });

/** bindStaffCertificate binds the certificate whose key signed the challenge (PUT /api/admin/staff/{id}/certificate). */
export const bindStaffCertificate = (id: number, proof: RequestBody<'/api/admin/staff/{id}/certificate', 'put'>) =>
  callData('put', '/api/admin/staff/{id}/certificate', { path: { id }, body: proof, silent: true, client: adminHttp });

/** unbindStaffCertificate unbinds a member's certificate (DELETE /api/admin/staff/{id}/certificate). */
export const unbindStaffCertificate = (id: number) => callData('delete', '/api/admin/staff/{id}/certificate', { path: { id }, silent: true, client: adminHttp });
