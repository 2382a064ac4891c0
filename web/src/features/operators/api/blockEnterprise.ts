import { http } from '@/shared/api/http';

/** blockEnterprise is the person's 屏蔽该企业 on one of its links; a pending invitation of that enterprise is refused (POST /api/account/operator/block/{id}). */
export function blockEnterprise(linkId: number): Promise<null> {
  return http.post<null>(`/api/account/operator/block/${linkId}`);
}
