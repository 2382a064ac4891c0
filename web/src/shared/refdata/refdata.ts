import { useQuery } from '@tanstack/react-query';
import { http } from '../api/http';

/**
 * The reference data of DECISIONS.md (areas, industries, configuration lists), served by
 * the API and loaded once per page load, for every form that offers them (registration,
 * the account centre's edit dialogs and pages).
 */

/** CascaderOption is a node of /api/common/areas and /api/common/industries, in antd's shape. */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

/** ConfigEntry is an entry of a /api/common/config list; notFor names the enterprise types it is not for. */
export interface ConfigEntry {
  value: string | number;
  label: string;
  default?: boolean;
  common?: boolean;
  notFor?: string[];
}

/** CommonConfig is the part of GET /api/common/config the portal's forms read. */
export interface CommonConfig {
  helpPhone: string;
  certificatesType: ConfigEntry[];
  legalPersonCertificatesType: ConfigEntry[];
  enterpriseCertificatesType: ConfigEntry[];
  enterpriseType: ConfigEntry[];
  registeredCapital: ConfigEntry[];
  currency: ConfigEntry[];
}

// The lists are public and cached by the server; anonymous so registration can read them.
const forever = { staleTime: Infinity, gcTime: Infinity } as const;

/** useAreas loads the province → city → district tree (GET /api/common/areas). */
export function useAreas() {
  return useQuery({ queryKey: ['common', 'areas'], queryFn: ({ signal }) => http.get<CascaderOption[]>('/api/common/areas', { anonymous: true, signal }), ...forever });
}

/** useIndustries loads the GB/T 4754 industry tree (GET /api/common/industries). */
export function useIndustries() {
  return useQuery({ queryKey: ['common', 'industries'], queryFn: ({ signal }) => http.get<CascaderOption[]>('/api/common/industries', { anonymous: true, signal }), ...forever });
}

/** useCommonConfig loads the configuration lists (GET /api/common/config). */
export function useCommonConfig() {
  return useQuery({ queryKey: ['common', 'config'], queryFn: ({ signal }) => http.get<CommonConfig>('/api/common/config', { anonymous: true, signal }), ...forever });
}

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

