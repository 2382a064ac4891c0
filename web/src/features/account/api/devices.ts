import { callData, callPage } from '@/shared/api/contract';

/** getDevices loads the holder's signed-in devices and the session limits (GET /api/account/devices). */
export function getDevices(signal?: AbortSignal) {
  return callData('get', '/api/account/devices', { signal });
}

/** endDevice signs one device out, with the systems signed in through it (DELETE /api/account/devices/{id}). */
export function endDevice(id: string) {
  return callData('delete', '/api/account/devices/{id}', { path: { id } });
}

/** endOtherDevices signs out every device but this one (DELETE /api/account/devices). */
export function endOtherDevices() {
  return callData('delete', '/api/account/devices');
}

/** getSignInHistory loads a page of the holder's sign-ins of the last 90 days (GET /api/account/signInHistory). */
export function getSignInHistory(page: number, pageSize: number, signal?: AbortSignal) {
  return callPage('get', '/api/account/signInHistory', { query: { page, pageSize }, signal });
}
