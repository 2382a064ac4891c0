import { http } from '@/shared/api/http';

/** unblockEnterprise lifts the person's block {id}: the enterprise may invite again (DELETE /api/account/operator/blocks/{id}). */
export function unblockEnterprise(id: number): Promise<null> {
  return http.delete<null>(`/api/account/operator/blocks/${id}`);
}
