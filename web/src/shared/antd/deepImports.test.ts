// The antd internals the app reaches into (docs/decisions/frontend-load.md, "antd internals in one
// list"): the Plain* components, src/shared/light and the message holder import antd's per-component
// modules, styles and contexts by path (`antd/es/...`) to keep route bundles small. Those paths are
// not antd's public API, so each upgrade of antd must be checked against them: this test fails when
// the installed antd is not the version the list was checked with, or when a file's deep imports
// differ from the list. Update deepImports.json only after looking at what changed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import recorded from './deepImports.json';

const webRoot = join(__dirname, '..', '..', '..');
const srcRoot = join(webRoot, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** deepImports maps each non-test source file to the antd/es paths it imports, sorted. */
function deepImports(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const file of sourceFiles(srcRoot)) {
    const paths = [...readFileSync(file, 'utf8').matchAll(/from '(antd\/(?:es|lib)\/[^']+)'/g)].map((m) => m[1]);
    if (paths.length > 0) out[relative(webRoot, file)] = [...new Set(paths)].sort();
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

describe('antd deep imports', () => {
  it('were checked with the installed antd', () => {
    const installed = (JSON.parse(readFileSync(join(webRoot, 'node_modules', 'antd', 'package.json'), 'utf8')) as { version: string })
      .version;
    expect(installed, 'antd changed: check every path in deepImports.json against the new antd, then update its version').toBe(
      recorded.antdVersion,
    );
  });

  it('are the ones listed', () => {
    expect(deepImports(), 'a deep import of antd was added or removed: update deepImports.json').toEqual(recorded.files);
  });
});
