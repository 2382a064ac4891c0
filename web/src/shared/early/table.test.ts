import { describe, expect, it } from 'vitest';
import { earlyQueries } from './table';

// The boot script asks for these before the page's code has loaded; a key or path that is not
// the page's own would make the page ask twice (and the early answer a wasted request).
const files = (all: Record<string, string>) => Object.entries(all).filter(([f]) => !f.includes('.test.')).map(([, s]) => s);
const pageSources = files(import.meta.glob<string>('../../features/account/pages/*.tsx', { query: '?raw', import: 'default', eager: true }));
const apiSources = files(import.meta.glob<string>('../../features/account/api/*.ts', { query: '?raw', import: 'default', eager: true }));

describe('earlyQueries', () => {
  const pages = pageSources.join('\n');
  const apis = apiSources;
  it('reads the account pages', () => expect(pageSources.length).toBeGreaterThan(5));
  for (const [route, qs] of Object.entries(earlyQueries)) {
    for (const q of qs) {
      it(`${route}: ${q.path} is the page's own query`, () => {
        expect(pages).toContain(`queryKey: [${q.key.map((k) => `'${k}'`).join(', ')}]`);
        const api = apis.find((s) => s.includes(`callData('get', '${q.path}'`));
        expect(api, `an api function GETs ${q.path}`).toBeDefined();
        expect(api?.includes('page: true')).toBe(Boolean(q.page));
      });
    }
  }
});
