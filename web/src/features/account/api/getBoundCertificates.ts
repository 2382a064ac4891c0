import { callData } from '@/shared/api/contract';

/** getBoundCertificates answers the caller's bound certificates (GET /api/certificate/list), for the home's 数字证书 section. */
export function getBoundCertificates(signal?: AbortSignal) {
  return callData('get', '/api/certificate/list', { signal, silent: true });
}
