import { useCallback, useEffect, useState } from 'react';
import { getProgress } from '../api/getProgress';
import type { RegistrationProgress } from '@/shared/api/types';

/**
 * useProgress loads the signed-in account's registration progress when enabled (a
 * stored token of an unfinished registration), and reloads it on demand after a step,
 * so a page shows again what the server saved.
 */
export function useProgress(enabled: boolean) {
  const [progress, setProgress] = useState<RegistrationProgress | null>(null);
  const [loading, setLoading] = useState(enabled);
  const reload = useCallback(async () => {
    try {
      const p = await getProgress();
      setProgress(p);
      return p;
    } catch {
      return null;
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getProgress()
      .then((p) => live && setProgress(p))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [enabled]);
  return { progress, loading, reload };
}
