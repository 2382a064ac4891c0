import type { ModificationRecord } from '@/shared/api/types';
import { accountText } from '@/shared/locales/account';

/**
 * recordResult is the 认证结果 cell: none for a direct change; 已撤销 for a change the holder
 * withdrew (the server settles it not effective with authState 0, which a decision never
 * gives: a rejection is 2), otherwise the authentication state's word.
 */
export function recordResult(r: Pick<ModificationRecord, 'authMethod' | 'isValid' | 'authState'>): string {
  if (r.authMethod === 'direct') return '-';
  if (r.isValid === 0 && r.authState === 0) return accountText.records.withdrawn;
  return accountText.authState[r.authState] ?? '-';
}
