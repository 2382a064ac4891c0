import { http } from '@/shared/api/http';
import type { OperatorLink, Page, Side } from './types';

/**
 * getOperatorLinks loads a page of the caller's links: an enterprise's operators
 * (GET /api/account/enterprise/operator) or a person's enterprises (GET /api/account/operate/enterprise).
 */
export async function getOperatorLinks(side: Side, page: number, pageSize: number, signal?: AbortSignal): Promise<Page<OperatorLink>> {
  const path = side === 'enterprise' ? '/api/account/enterprise/operator' : '/api/account/operate/enterprise';
  const r = await http.request<OperatorLink[]>('GET', path, { query: { page, pageSize }, signal, page: true });
  return { data: r.data, count: r.count ?? 0 };
}
