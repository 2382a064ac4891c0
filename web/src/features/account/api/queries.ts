import { queryOptions } from '@tanstack/react-query';
import { trustQuery } from '@/shared/api/queries';
import { getAuditLogs } from './getAuditLogs';
import { getBoundCertificates } from './getBoundCertificates';
import { getDevices, getSignInHistory } from './devices';
import { getEnterprise } from './getEnterprise';
import { getLatestRealNameAudit } from './getLatestRealNameAudit';
import { getModifyRecords } from './getModifyRecords';
import { getOperationRecords } from './getOperationRecords';
import { getPerson } from './getPerson';
import { getSecurityInfo } from './getSecurityInfo';

/**
 * accountKeys are the account centre's query keys: every query of the signed-in holder's own
 * data sits under all, which an edit, a rename or a revert invalidates as a whole. The early
 * table of the boot script (shared/early/table.ts) repeats the keys of the first GETs
 * (earlyQueries.test.ts checks they are these).
 */
export const accountKeys = {
  all: ['account'] as const,
};

/** accountQueries are the account centre's queries, one helper per GET. */
export const accountQueries = {
  security: () => queryOptions({ queryKey: [...accountKeys.all, 'security'] as const, queryFn: ({ signal }) => getSecurityInfo(signal) }),
  trust: trustQuery,
  devices: () => queryOptions({ queryKey: [...accountKeys.all, 'devices'] as const, queryFn: ({ signal }) => getDevices(signal) }),
  signInHistory: (page: number, size: number) =>
    queryOptions({
      queryKey: [...accountKeys.all, 'signInHistory', page, size] as const,
      queryFn: ({ signal }) => getSignInHistory(page, size, signal),
    }),
  person: () => queryOptions({ queryKey: [...accountKeys.all, 'person'] as const, queryFn: ({ signal }) => getPerson(signal) }),
  enterprise: () => queryOptions({ queryKey: [...accountKeys.all, 'enterprise'] as const, queryFn: ({ signal }) => getEnterprise(signal) }),
  certificates: () =>
    queryOptions({ queryKey: [...accountKeys.all, 'certificates'] as const, queryFn: ({ signal }) => getBoundCertificates(signal) }),
  realNameAudit: () =>
    queryOptions({ queryKey: [...accountKeys.all, 'realNameAudit'] as const, queryFn: ({ signal }) => getLatestRealNameAudit(signal) }),
  modifyRecords: (page: number, size: number) =>
    queryOptions({
      queryKey: [...accountKeys.all, 'modifyRecords', page, size] as const,
      queryFn: ({ signal }) => getModifyRecords(page, size, signal),
    }),
  operationRecords: (page: number, size: number) =>
    queryOptions({
      queryKey: [...accountKeys.all, 'operationRecords', page, size] as const,
      queryFn: ({ signal }) => getOperationRecords(page, size, signal),
    }),
  audit: (applyId: number | null) =>
    queryOptions({
      queryKey: [...accountKeys.all, 'audit', applyId] as const,
      queryFn: ({ signal }) => getAuditLogs(applyId ?? 0, signal),
      enabled: applyId !== null,
    }),
};
