import { useSyncExternalStore } from 'react';
import { subscribeToastWanted, toastWanted } from './toast';

/** useToastWanted is true once a toast waited for a sink (no antd page had bound one yet). */
export function useToastWanted(): boolean {
  return useSyncExternalStore(subscribeToastWanted, toastWanted, () => false);
}
