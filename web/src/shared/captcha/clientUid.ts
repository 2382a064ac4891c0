/**
 * The client ids AJ-Captcha widgets send with every get (01 §7: "client ids for the slider and
 * the points are kept in the session"). One id per widget kind, made once per browser session.
 * The server does not trust them for limits (it uses address and user agent); they are sent
 * because AJ servers expect them.
 */
export type ClientKind = 'slider' | 'point';

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: a fresh id per call is still valid
  }
}

export function clientUid(kind: ClientKind): string {
  const store = sessionStore();
  const existing = store?.getItem(kind);
  if (existing) return existing;
  const id = `${kind}-${randomId()}`;
  store?.setItem(kind, id);
  return id;
}
