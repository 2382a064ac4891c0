import { useCallback, useState } from 'react';

/**
 * useKeptPhotos holds the photo ids uploaded on a wizard's authentication step until it is
 * submitted: 上一步 then 下一步 remounts the step, and browser Back/Forward remounts the
 * whole wizard, and either lost photos already on the server (issue 18). They are kept in
 * sessionStorage under key (this tab only, gone with it) and cleared once submitted.
 */
export function useKeptPhotos<T extends object>(key: string) {
  const storageKey = `bidpass.kept.${key}`;
  const [kept, setKept] = useState<Partial<T>>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Partial<T>;
    } catch {
      return {};
    }
  });
  const keep = useCallback(
    (v: Partial<T>) => {
      const only = Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string' && x !== '')) as Partial<T>;
      sessionStorage.setItem(storageKey, JSON.stringify(only));
      setKept(only);
    },
    [storageKey],
  );
  const clear = useCallback(() => {
    sessionStorage.removeItem(storageKey);
    setKept({});
  }, [storageKey]);
  return { kept, keep, clear };
}
