import { callData } from '@/shared/api/contract';

/** revertModification withdraws a change waiting for review (PUT /api/account/modifyRecord/revert/{infoId}). */
export function revertModification(infoId: number) {
  return callData('put', '/api/account/modifyRecord/revert/{infoId}', { path: { infoId } });
}
