// size: prints the gzip size of the JavaScript the login route (#/) loads: the entry
// chunk, its static imports, and the login page chunk with its static imports.
// Reads dist/.vite/manifest.json, so run `npm run build` first.
//   node scripts/size.mjs [--route src/features/x/pages/Page.tsx] [--json]
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = `${dist}.vite/manifest.json`;
if (!existsSync(manifestPath)) {
  console.error('size: dist/.vite/manifest.json not found; run `npm run build` first');
  process.exit(1);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const routeArg = process.argv.indexOf('--route');
const pageKey = routeArg > 0 ? process.argv[routeArg + 1] : 'src/features/auth/pages/LoginPage.tsx';
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('size: no entry in the manifest');
if (!pageKey || !manifest[pageKey]) throw new Error(`size: ${pageKey} is not a chunk in the manifest`);

/** collect adds key's chunk and, recursively, its static imports. */
function collect(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) collect(i, seen);
  return seen;
}

const keys = collect(pageKey, collect(entryKey));
const rows = [...keys].map((k) => {
  const chunk = manifest[k];
  if (!chunk) throw new Error(`size: ${k} missing from the manifest`);
  const bytes = readFileSync(dist + chunk.file);
  return { file: chunk.file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))].map((file) => {
  const bytes = readFileSync(dist + file);
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ page: pageKey, jsGzip: total, jsRaw: totalRaw, chunks: rows, css }, null, 2));
} else {
  console.log(`JavaScript loaded by ${pageKey === 'src/features/auth/pages/LoginPage.tsx' ? 'the login route (#/)' : pageKey}:`);
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(11)}  gzip ${kb(r.gzip).padStart(10)}`);
  }
  console.log(`  ${'total JS'.padEnd(48)} ${kb(totalRaw).padStart(11)}  gzip ${kb(total).padStart(10)}`);
  for (const c of css) console.log(`  (css) ${c.file.padEnd(42)} ${kb(c.raw).padStart(11)}  gzip ${kb(c.gzip).padStart(10)}`);
}
