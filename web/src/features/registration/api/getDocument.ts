import { callData } from '@/shared/api/contract';

/** getDocument reads the registration agreement or the privacy notice (GET /api/common/agreement|privacy). */
export function getDocument(which: 'agreement' | 'privacy') {
  return which === 'agreement' ? callData('get', '/api/common/agreement', { anonymous: true }) : callData('get', '/api/common/privacy', { anonymous: true });
}
