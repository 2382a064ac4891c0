import { describe, expect, it } from 'vitest';
import { accountQueries } from './api/queries';
import { earlyQueries } from '@/shared/early/table';

// shared/early/table.ts: the boot script asks for these before the page's code has loaded; a key or path that is not
// the page's own would make the page ask twice (and the early answer a wasted request).
const files = (all: Record<string, string>) => Object.entries(all).filter(([f]) => !f.includes('.test.')).map(([, s]) => s);
const pageSources = files(import.meta.glob<string>('./pages/*.tsx', { query: '?raw', import: 'default', eager: true }));
const apiSources = files({
  ...import.meta.glob<string>('./api/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../shared/api/queries.ts', { query: '?raw', import: 'default', eager: true }),
});

// The account centre's queries that take no argument, by helper name.
const helpers = Object.entries(accountQueries).filter(([, h]) => h.length === 0) as [string, () => { queryKey: readonly unknown[] }][];

describe('earlyQueries', () => {
  const pages = pageSources.join('\n');
  it('reads the account pages', () => expect(pageSources.length).toBeGreaterThan(5));
  for (const [route, qs] of Object.entries(earlyQueries)) {
    for (const q of qs) {
      it(`${route}: ${q.path} is the page's own query`, () => {
        const helper = helpers.find(([, h]) => JSON.stringify(h().queryKey) === JSON.stringify(q.key));
        expect(helper, `an accountQueries helper has the key ${JSON.stringify(q.key)}`).toBeDefined();
        expect(pages).toContain(`useQuery(accountQueries.${helper?.[0]}())`);
        const api = apiSources.find((s) => s.includes(`callData('get', '${q.path}'`));
        expect(api, `an api function GETs ${q.path}`).toBeDefined();
        expect(api?.includes('page: true')).toBe(Boolean(q.page));
      });
    }
  }
});
