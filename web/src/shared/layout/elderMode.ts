import { useSyncExternalStore } from 'react';

/**
 * 长辈模式 (age-friendly mode, docs/accessibility.md "长辈模式"): larger text and controls, more line
 * height, higher contrast and no decorative background. Chosen with the switch in the header,
 * remembered per browser in localStorage (not per account: it is the person at this screen who
 * needs it, signed in or not). The mode is the attribute data-elder on <html>: the CSS of the light
 * pages and the layout reads it, the antd theme follows useElderMode.
 */
const KEY = 'bidpass.elderMode';

const listeners = new Set<() => void>();

/** elderModeOn tells whether this browser chose 长辈模式 (false where storage is refused). */
export function elderModeOn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** applyElderMode puts the stored choice on <html>; main.tsx calls it before the first render. */
export function applyElderMode(on = elderModeOn()): void {
  document.documentElement.toggleAttribute('data-elder', on);
}

/** setElderMode stores the choice, applies it and tells every useElderMode. */
export function setElderMode(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
  applyElderMode(on);
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    applyElderMode();
    l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** useElderMode is whether 长辈模式 is on, following the switch (in other tabs too). */
export function useElderMode(): boolean {
  return useSyncExternalStore(subscribe, () => document.documentElement.hasAttribute('data-elder'), () => false);
}
