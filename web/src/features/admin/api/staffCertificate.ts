import { callData } from '@/shared/api/contract';
import { adminHttp } from './client';

/** staffCertificates answers the certificates bound to a member (GET /api/admin/staff/{id}/certificate, administrators). */
export const staffCertificates = (id: number) => callData('get', '/api/admin/staff/{id}/certificate', { path: { id }, silent: true, client: adminHttp });

/** bindStaffCertificate binds a certificate (base64 DER or PEM) to a member (PUT /api/admin/staff/{id}/certificate). */
export const bindStaffCertificate = (id: number, certificate: string) =>
  callData('put', '/api/admin/staff/{id}/certificate', { path: { id }, body: { certificate }, silent: true, client: adminHttp });

/** unbindStaffCertificate unbinds a member's certificate (DELETE /api/admin/staff/{id}/certificate). */
export const unbindStaffCertificate = (id: number) => callData('delete', '/api/admin/staff/{id}/certificate', { path: { id }, silent: true, client: adminHttp });
