/**
 * The session values the portal keeps in localStorage (01 §3): token, userName,
 * userId, userType, registerProcess and backUrl. This module is the only code
 * that touches those keys; everything else uses the typed functions below.
 *
 * userType follows docs/spec/DECISIONS.md: 1 = natural person, 2 = enterprise.
 */

/** UserType is the account kind: 1 natural person (individual), 2 enterprise (legal person). */
export const UserType = {
  Person: 1,
  Enterprise: 2,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** The localStorage keys, named as in the specification. */
export const sessionKeys = {
  token: 'token',
  userName: 'userName',
  userId: 'userId',
  userType: 'userType',
  registerProcess: 'registerProcess',
  backUrl: 'backUrl',
} as const;

/** SignedIn is what a sign-in or a registration step stores. */
export interface SignedIn {
  token: string;
  userName: string;
  userId: string;
  userType: UserType;
  /** True while registration is unfinished (the server's registerProcess is 1). */
  registerProcess: boolean;
}

/** SessionSnapshot is the whole stored session, as read at one moment. */
export interface SessionSnapshot {
  token: string | null;
  userName: string | null;
  userId: string | null;
  userType: UserType | null;
  registerProcess: boolean;
  backUrl: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: SessionSnapshot | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy settings); the portal then behaves as signed out.
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function write(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

function changed(): void {
  for (const l of [...listeners]) l();
}

/** getToken returns the bearer token, or null when signed out. */
export function getToken(): string | null {
  const t = read(sessionKeys.token);
  return t === '' ? null : t;
}

/** hasToken reports whether a bearer token is stored. */
export function hasToken(): boolean {
  return getToken() !== null;
}

export function getUserName(): string | null {
  return read(sessionKeys.userName);
}

export function getUserId(): string | null {
  return read(sessionKeys.userId);
}

/** getUserType returns 1 (person) or 2 (enterprise), or null when unknown. */
export function getUserType(): UserType | null {
  const v = read(sessionKeys.userType);
  if (v === '1') return UserType.Person;
  if (v === '2') return UserType.Enterprise;
  return null;
}

/** getRegisterProcess reports whether an unfinished registration is being resumed (stored value '1'). */
export function getRegisterProcess(): boolean {
  return read(sessionKeys.registerProcess) === '1';
}

/** getBackUrl returns the kept third-party back-address (decoded authorize_uri), or null. */
export function getBackUrl(): string | null {
  const v = read(sessionKeys.backUrl);
  return v === '' ? null : v;
}

export function setToken(token: string): void {
  write(sessionKeys.token, token);
  changed();
}

export function setUserName(userName: string): void {
  write(sessionKeys.userName, userName);
  changed();
}

export function setUserId(userId: string): void {
  write(sessionKeys.userId, userId);
  changed();
}

export function setUserType(userType: UserType): void {
  write(sessionKeys.userType, String(userType));
  changed();
}

export function setRegisterProcess(inProgress: boolean): void {
  write(sessionKeys.registerProcess, inProgress ? '1' : null);
  changed();
}

/** setBackUrl keeps (or, with null, removes) the third-party back-address. */
export function setBackUrl(backUrl: string | null): void {
  write(sessionKeys.backUrl, backUrl);
  changed();
}

/** saveSignIn stores everything a successful sign-in or registration step returns. */
export function saveSignIn(s: SignedIn): void {
  write(sessionKeys.token, s.token);
  write(sessionKeys.userName, s.userName);
  write(sessionKeys.userId, s.userId);
  write(sessionKeys.userType, String(s.userType));
  write(sessionKeys.registerProcess, s.registerProcess ? '1' : null);
  changed();
}

/**
 * clearSession removes the signed-in values (token, userName, userId, userType,
 * registerProcess). The back-address is kept: the login page owns it (it keeps it
 * while authorize_uri is present and removes it otherwise). Use clearAll to
 * remove it as well.
 */
export function clearSession(): void {
  write(sessionKeys.token, null);
  write(sessionKeys.userName, null);
  write(sessionKeys.userId, null);
  write(sessionKeys.userType, null);
  write(sessionKeys.registerProcess, null);
  changed();
}

/** clearAll removes every session value including the back-address. */
export function clearAll(): void {
  clearSession();
  write(sessionKeys.backUrl, null);
  changed();
}

/**
 * getSessionSnapshot returns the stored session, as the same object while the stored
 * values are unchanged (useSyncExternalStore needs that). It reads storage every
 * time, so it is right even after a write that bypassed this module.
 */
export function getSessionSnapshot(): SessionSnapshot {
  const next: SessionSnapshot = {
    token: getToken(),
    userName: getUserName(),
    userId: getUserId(),
    userType: getUserType(),
    registerProcess: getRegisterProcess(),
    backUrl: getBackUrl(),
  };
  if (cached && (Object.keys(next) as (keyof SessionSnapshot)[]).every((k) => cached?.[k] === next[k])) return cached;
  cached = next;
  return next;
}

/** subscribeSession calls listener after every change, including changes made in another tab. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(sessionKeys) as string[]).includes(e.key)) changed();
  });
}
