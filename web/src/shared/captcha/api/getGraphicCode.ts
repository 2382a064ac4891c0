import { http } from '@/shared/api/http';

/** GraphicCodeImage is a new graphic code: its id (sent back as codeId) and picture (a data URL). */
export interface GraphicCodeImage {
  id: string;
  codeimage: string;
}

/** getGraphicCode asks for a new graphic code: POST /api/auth/verifycode. */
export function getGraphicCode(signal?: AbortSignal): Promise<GraphicCodeImage> {
  return http.post<GraphicCodeImage>('/api/auth/verifycode', undefined, { signal, anonymous: true });
}
