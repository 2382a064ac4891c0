import { http } from '@/shared/api/http';

/** CascaderOption is one node of the areas or industries tree. */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

/** ConfigEntry is one entry of a configuration list. */
export interface ConfigEntry {
  value: string | number;
  label: string;
  default?: boolean;
  notFor?: string[];
}

/** RefConfig is the part of GET /api/common/config the account centre uses. */
export interface RefConfig {
  certificatesType: ConfigEntry[];
  enterpriseCertificatesType: ConfigEntry[];
  enterpriseType: ConfigEntry[];
  registeredCapital: ConfigEntry[];
  currency: ConfigEntry[];
}

/** getAreas loads the region tree (GET /api/common/areas). */
export function getAreas(signal?: AbortSignal): Promise<CascaderOption[]> {
  return http.get<CascaderOption[]>('/api/common/areas', { signal });
}
