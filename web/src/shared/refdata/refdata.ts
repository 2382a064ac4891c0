import { queryOptions, useQuery } from '@tanstack/react-query';
import { callData, type ResponseData } from '../api/contract';
import type { ConfigEntry } from '../api/types';

/**
 * The reference data of docs/spec/DECISIONS.md (areas, industries, configuration lists), served by
 * the API and loaded once per page load under one query key each, for every form that
 * offers them (registration, the account centre's edit dialogs and pages).
 */

/** CommonConfig is GET /api/common/config: the configuration lists and dictionaries. */
export type CommonConfig = ResponseData<'/api/common/config', 'get'>;

// The lists are public and cached by the server; anonymous so registration can read them.
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

/** refdataKeys are the query keys of the reference data, one per list. */
export const refdataKeys = {
  areas: ['common', 'areas'],
  industries: ['common', 'industries'],
  config: ['common', 'config'],
} as const;

/** refdataQueries are the reference data's queries, one per list. */
export const refdataQueries = {
  areas: () =>
    queryOptions({ queryKey: refdataKeys.areas, queryFn: ({ signal }) => callData('get', '/api/common/areas', { anonymous: true, signal }), ...forever }),
  industries: () =>
    queryOptions({
      queryKey: refdataKeys.industries,
      queryFn: ({ signal }) => callData('get', '/api/common/industries', { anonymous: true, signal }),
      ...forever,
    }),
  config: () =>
    queryOptions({ queryKey: refdataKeys.config, queryFn: ({ signal }) => callData('get', '/api/common/config', { anonymous: true, signal }), ...forever }),
};

/** useAreas loads the province → city → district tree (GET /api/common/areas). */
export const useAreas = () => useQuery(refdataQueries.areas());

/** useIndustries loads the GB/T 4754 industry tree (GET /api/common/industries). */
export const useIndustries = () => useQuery(refdataQueries.industries());

/** useCommonConfig loads the configuration lists (GET /api/common/config). */
export const useCommonConfig = () => useQuery(refdataQueries.config());

/** SelectOption is an antd Select option. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * toOptions turns a configuration list into Select options with string values; with
 * forType, an entry not for that enterprise type (其他有效证件 for A1) is disabled.
 */
export function toOptions(list: ConfigEntry[] | undefined, forType?: string): SelectOption[] {
  return (list ?? []).map((e) => ({ value: String(e.value), label: e.label, disabled: !!forType && !!e.notFor?.includes(forType) }));
}

