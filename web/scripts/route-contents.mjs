// route-contents: what a route's first load carries, by source package (docs/decisions/frontend-load.md, "Front-end load"). Reads a build
// made with source maps into a directory of its own (the plugins write there, not into dist):
//   npx vite build --sourcemap --outDir /tmp/bidpass-maps
//   node scripts/route-contents.mjs /tmp/bidpass-maps [src/features/x/pages/Page.tsx | base] [rows]
// "base" is what every antd page loads (the entry, src/app/start.tsx, AntdProviders and their
// imports); a page lists what it adds to the base. Each chunk's mapped bytes are summed by
// source (a package, or antd/rc-component's folder, or the app's file); the gzip column shares
// the chunks' gzip size out in proportion, so read it as an estimate. This is how the modal hook in
// antd's App, Result's illustrations and Typography's tooltip were found.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const [dist, target = 'base', rowsArg = '30'] = process.argv.slice(2);
if (!dist || !existsSync(`${dist}/.vite/manifest.json`)) {
  console.error('usage: node scripts/route-contents.mjs <dir built with --sourcemap --outDir dir> [page | base] [rows]');
  process.exit(2);
}
/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
// The build keeps compressible files only as name.gz (vite.config.ts precompressDist).
const read = (f) => (existsSync(`${dist}/${f}`) ? readFileSync(`${dist}/${f}`, 'utf8') : gunzipSync(readFileSync(`${dist}/${f}.gz`)).toString());
const has = (f) => existsSync(`${dist}/${f}`) || existsSync(`${dist}/${f}.gz`);

/** collect adds key's chunk and, recursively, its static imports. */
function collect(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) collect(i, seen);
  return seen;
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const base = collect('src/shared/antd/AntdProviders.tsx', collect('src/app/start.tsx', collect(entry)));
let keys = base;
if (target !== 'base') {
  if (!manifest[target]) throw new Error(`route-contents: ${target} is not a chunk of the build`);
  keys = collect(target, new Set(base));
  for (const k of base) keys.delete(k);
}

/** source names what a mapped segment came from: a package (antd and rc-component by folder) or an app file. */
function source(path) {
  if (!path) return '(unmapped)';
  const m = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:es\/|lib\/|dist\/)?([^/]+)?/);
  if (m) return m[1] === 'antd' || m[1].startsWith('@rc-component') ? `${m[1]}/${m[2]}` : m[1];
  return path.replace(/^.*\/src\//, 'src/');
}

const bytes = new Map();
let raw = 0;
let gzip = 0;
for (const k of keys) {
  const file = manifest[k].file;
  const code = read(file);
  raw += code.length;
  gzip += gzipSync(code, { level: 9 }).length;
  if (!has(`${file}.map`)) continue;
  const map = new SourceMapConsumer(JSON.parse(read(`${file}.map`)));
  const lines = code.split('\n');
  const segments = [];
  map.eachMapping((s) => segments.push(s), null, SourceMapConsumer.GENERATED_ORDER);
  segments.forEach((s, i) => {
    const next = segments[i + 1];
    const end = next && next.generatedLine === s.generatedLine ? next.generatedColumn : (lines[s.generatedLine - 1]?.length ?? 0);
    bytes.set(source(s.source), (bytes.get(source(s.source)) ?? 0) + end - s.generatedColumn);
  });
}
const mapped = [...bytes.values()].reduce((a, b) => a + b, 0);
const kib = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`${target}: ${keys.size} chunks, ${kib(raw)} KiB raw, ${kib(gzip)} KiB gzip`);
for (const [name, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg))) {
  console.log(`${kib(n)} KiB raw ~${kib((n / mapped) * gzip)} KiB gzip  ${name}`);
}
