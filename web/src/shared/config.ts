import { createContext, useContext } from 'react';
import { zhCN } from './locales/zh-CN';

/**
 * RuntimeConfig is what the Go server tells the app at page load, through
 * `<meta name="bidpass-config" content='{"dev":true,…}'>` in index.html. It is read
 * once; the built app itself carries no environment-specific values.
 */
export interface RuntimeConfig {
  /** The server runs with --dev: show the 开发模式 banner and the outbox page. */
  dev: boolean;
  siteTitle: string;
  /** Customer-service phone shown on the registration help panel; empty when not configured. */
  helpPhone: string;
  /** Customer-service QQ number for the same panel; empty when not configured. */
  helpQQ: string;
  /**
   * The loopback origins of the USB-key vendors' services by vendor, in the order to try
   * (BIDPASS_CA_LOCAL_SERVICES); the page's CSP allows exactly these. Empty: no USB keys.
   */
  certServices: Record<string, string[]>;
}

export const defaultConfig: RuntimeConfig = {
  dev: false,
  siteTitle: zhCN.site.defaultTitle,
  helpPhone: '',
  helpQQ: '',
  certServices: {},
};

/** readConfig parses the bidpass-config meta tag of doc; a missing or malformed tag gives the defaults. */
export function readConfig(doc: Document = document): RuntimeConfig {
  const raw = doc.querySelector('meta[name="bidpass-config"]')?.getAttribute('content');
  if (!raw) return { ...defaultConfig };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('bidpass-config: content is not JSON; using defaults');
    return { ...defaultConfig };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ...defaultConfig };
  const o = parsed as Record<string, unknown>;
  return {
    dev: o.dev === true,
    siteTitle: typeof o.siteTitle === 'string' && o.siteTitle !== '' ? o.siteTitle : defaultConfig.siteTitle,
    helpPhone: typeof o.helpPhone === 'string' ? o.helpPhone : defaultConfig.helpPhone,
    helpQQ: typeof o.helpQQ === 'string' ? o.helpQQ : defaultConfig.helpQQ,
    certServices: readServices(o.certServices),
  };
}

/** readServices keeps the vendors whose origins are a list of strings. */
function readServices(v: unknown): Record<string, string[]> {
  if (typeof v !== 'object' || v === null) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((x) => typeof x === 'string')));
}

/** RuntimeConfigContext holds the config; app/providers.tsx provides readConfig(), tests provide their own. */
export const RuntimeConfigContext = createContext<RuntimeConfig>(defaultConfig);

/** useRuntimeConfig returns the runtime config provided above the caller. */
export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
