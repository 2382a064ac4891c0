import { useCallback, useState } from 'react';

/**
 * useKept holds a wizard step's text values (the photo ids uploaded on an authentication step,
 * the account step's name, phone and e-mail) until the step is submitted: 上一步 then 下一步
 * remounts the step, and browser Back/Forward remounts the whole wizard, and either lost what was
 * typed or already on the server (docs/decisions/usability.md, "A careful user's findings (behaviour
 * items)"). They are kept in sessionStorage under key (this tab only, gone with it) and cleared
 * once submitted; only non-empty strings are kept, and callers never pass secrets.
 */
export function useKept<T extends object>(key: string) {
  const storageKey = keptKey(key);
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

/** keptKey is the sessionStorage key of what useKept keeps under key. */
export function keptKey(key: string) {
  return `bidpass.kept.${key}`;
}
