import { http } from '@/shared/api/http';

/** revertModification withdraws a change waiting for review (PUT /api/account/modifyRecord/revert/{infoId}). */
export function revertModification(infoId: number): Promise<null> {
  return http.put<null>(`/api/account/modifyRecord/revert/${infoId}`);
}
