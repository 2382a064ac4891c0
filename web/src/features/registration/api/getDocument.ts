import { http } from '@/shared/api/http';
import type { LegalDocument } from './types';

/** getDocument reads the registration agreement or the privacy notice (GET /api/common/agreement|privacy). */
export function getDocument(which: 'agreement' | 'privacy'): Promise<LegalDocument> {
  return http.get<LegalDocument>(`/api/common/${which}`, { anonymous: true });
}
