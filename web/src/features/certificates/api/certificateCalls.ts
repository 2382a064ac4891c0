import { callData, callPage, type RequestBody, type ResponseData } from '@/shared/api/contract';

/** CertProof is the signed challenge the certificate calls take. */
export type CertProof = RequestBody<'/api/login/cert', 'post'>;
/** BoundCertificate is one row of GET /api/certificate/list. */
export type BoundCertificate = ResponseData<'/api/certificate/list', 'get'>[number];
/** CertificateLogEntry is one row of GET /api/certificate/log. */
export type CertificateLogEntry = ResponseData<'/api/certificate/log', 'get'>[number];

/** loginChallenge asks a sign-in challenge for the serial (POST /api/login/cert/prev). */
export const loginChallenge = (serialNumber: string) => callData('post', '/api/login/cert/prev', { body: { serialNumber }, silent: true });
/** signInWithCertificate signs in with the signed challenge (POST /api/login/cert). */
export const signInWithCertificate = (body: CertProof) => callData('post', '/api/login/cert', { body, silent: true });

/** staffChallenge asks a staff sign-in challenge for the serial (POST /api/admin/login/cert/prev). */
export const staffChallenge = (serialNumber: string) => callData('post', '/api/admin/login/cert/prev', { body: { serialNumber }, anonymous: true, silent: true });
/** staffSignIn signs a staff member in with the signed challenge (POST /api/admin/login/cert). */
export const staffSignIn = (body: CertProof) => callData('post', '/api/admin/login/cert', { body, anonymous: true, silent: true });

/** recoverChallenge asks a recovery challenge for the serial (POST /api/retrieve/pwd/cert/prev). */
export const recoverChallenge = (serialNumber: string) => callData('post', '/api/retrieve/pwd/cert/prev', { body: { serialNumber }, silent: true });
/** recoverWithCertificate proves the certificate and answers the account and checkCode (POST /api/retrieve/pwd/cert). */
export const recoverWithCertificate = (body: CertProof) => callData('post', '/api/retrieve/pwd/cert', { body, silent: true });

/** listBound answers the caller's bound certificates (GET /api/certificate/list). */
export const listBound = () => callData('get', '/api/certificate/list', { silent: true });
/** listRecords answers a page of the caller's bind/unbind record (GET /api/certificate/log). */
export const listRecords = (page: number, pageSize: number) => callPage('get', '/api/certificate/log', { query: { page, pageSize }, silent: true });
/** bindChallenge asks the binding challenge; refused first when the account may not bind (POST /api/certificate/add/prev). */
export const bindChallenge = () => callData('post', '/api/certificate/add/prev', { silent: true });
/** bindCertificate binds the certificate whose key signed the challenge (POST /api/certificate/add). */
export const bindCertificate = (body: Omit<CertProof, 'serialNumber'>) => callData('post', '/api/certificate/add', { body, silent: true });
/** unbindCertificate unbinds the caller's certificate (DELETE /api/certificate/log/{accountId}). */
export const unbindCertificate = (accountId: string) => callData('delete', '/api/certificate/log/{accountId}', { path: { accountId }, silent: true });

/** caApplyAddress answers the CA application address, empty while none is configured (GET /api/caBuy/params). */
export const caApplyAddress = () => callData('get', '/api/caBuy/params', { silent: true });

/** driverPath is the CA driver download (GET /api/management/templateFiles/ca_driver). */
export const driverPath = '/api/management/templateFiles/ca_driver';

