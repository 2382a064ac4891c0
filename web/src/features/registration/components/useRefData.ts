import { useQuery } from '@tanstack/react-query';
import { getAreas } from '../api/getAreas';
import { getCommonConfig } from '../api/getCommonConfig';
import { getIndustries } from '../api/getIndustries';

const forever = { staleTime: Infinity, gcTime: Infinity } as const;

/** useAreas loads the division tree once per page load. */
export function useAreas() {
  return useQuery({ queryKey: ['common', 'areas'], queryFn: getAreas, ...forever });
}

/** useIndustries loads the industry tree once per page load. */
export function useIndustries() {
  return useQuery({ queryKey: ['common', 'industries'], queryFn: getIndustries, ...forever });
}

/** useCommonConfig loads the configuration lists once per page load. */
export function useCommonConfig() {
  return useQuery({ queryKey: ['common', 'config'], queryFn: getCommonConfig, ...forever });
}
