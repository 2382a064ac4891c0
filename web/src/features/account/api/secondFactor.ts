import { callData } from '@/shared/api/contract';

/** getFactorStatus tells whether the 动态口令 is on (GET /api/account/security/totp). */
export function getFactorStatus(signal?: AbortSignal) {
  return callData('get', '/api/account/security/totp', { signal });
}

/** beginTotp makes a fresh secret and its QR code (POST /api/account/security/totp). */
export function beginTotp() {
  return callData('post', '/api/account/security/totp', { silent: true });
}

/** confirmTotp turns the factor on with its first code; the recovery codes come back once. */
export function confirmTotp(code: string) {
  return callData('put', '/api/account/security/totp', { body: { code }, silent: true });
}

/** removeTotp turns the factor off with a code or a recovery code. */
export function removeTotp(code: string) {
  return callData('post', '/api/account/security/totp/remove', { body: { code }, silent: true });
}

/** regenerateRecoveryCodes issues new recovery codes after a code; the old ones die. */
export function regenerateRecoveryCodes(code: string) {
  return callData('post', '/api/account/security/recovery-codes', { body: { code }, silent: true });
}
