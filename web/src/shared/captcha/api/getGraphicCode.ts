import { callData, type ResponseData } from '@/shared/api/contract';

/** GraphicCodeImage is a new graphic code: its id (sent back as codeId) and picture (a data URL). */
export type GraphicCodeImage = ResponseData<'/api/auth/verifycode', 'post'>;

/** getGraphicCode asks for a new graphic code: POST /api/auth/verifycode. */
export function getGraphicCode(signal?: AbortSignal): Promise<GraphicCodeImage> {
  return callData('post', '/api/auth/verifycode', { signal, anonymous: true });
}
