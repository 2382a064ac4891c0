// size: prints the gzip size of the JavaScript the login route (#/) loads: the entry
// chunk, its static imports, and the login page chunk with its static imports.
// Reads dist/.vite/manifest.json, so run `npm run build` first.
//   node scripts/size.mjs [--route src/features/x/pages/Page.tsx] [--json]
//   node scripts/size.mjs --check   every route's first load against its budget (exit 1 over it)
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = `${dist}.vite/manifest.json`;
if (!existsSync(manifestPath)) {
  console.error('size: dist/.vite/manifest.json not found; run `npm run build` first');
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** readAsset is a built file's bytes; the build keeps compressible files only as name.gz (vite.config.ts precompressDist). */
function readAsset(file) {
  return existsSync(dist + file) ? readFileSync(dist + file) : gunzipSync(readFileSync(`${dist}${file}.gz`));
}

/**
 * Budgets of a route's first load, JavaScript gzip (docs/decisions/frontend-load.md, "Front-end load"). The login page is where every
 * visit starts; every other page gets more (the dev API reference loads Swagger UI after it shows).
 */
const KiB = 1024;
// The entry imports the app (src/app/start.tsx) dynamically, after the first paint; every route loads it.
const appKey = 'src/app/start.tsx';
// Every page but a light one renders inside antd's providers, which RootLayout loads lazily with the
// first antd page (src/app/routeMeta.ts `light`): their chunk and its imports (antd's core) count.
const antdKey = 'src/shared/antd/AntdProviders.tsx';
const lightPages = new Set(['src/features/auth/pages/LoginPage.tsx']);
const budgets = {
  'src/features/auth/pages/LoginPage.tsx': 150 * KiB,
};
const defaultBudget = 250 * KiB;

/**
 * allowances, in KiB, hold the routes that are over their budget today at that size plus 5 %:
 * the check fails when one grows past it, and an entry is lowered or deleted as its route slims.
 */
/**
 * @type {Record<string, number>} the three form pages grown back over 250 KiB by the third wave (the wizards' account step,
 * account security's e-mail card) and not yet slimmed again (docs/decisions/frontend-load.md, "Form pages back over 250 KiB (third wave, sixth session)").
 */
const allowances = {
  'src/features/account/pages/AccountSecurityPage.tsx': 265,
  'src/features/registration/pages/RegisterPersonalPage.tsx': 264,
  'src/features/registration/pages/RegisterLegalPersonPage.tsx': 264,
};

/**
 * frames: the layout routes of src/app/routes.tsx and the pages they wrap (a page inside a
 * frame loads the frame's chunk too). Keep in step with routes.tsx.
 */
const frames = {
  'src/features/registration/pages/RegisterFrame.tsx': /registration\/pages\/Register(LegalPerson|Personal)Page/,
  'src/features/recovery/pages/SupplyFrame.tsx': /recovery\/pages\/(FindPwd|MobileOrEmail|CertificateRecovery|FindAccount)Page/,
  'src/features/account/pages/AccountCenterLayout.tsx': /account\/pages\/(?!AccountCenterPage)|EssentialInformationPage|CaCertificatePage|OperatorsPage/,
};

if (process.argv.includes('--check')) process.exit(checkBudgets());

const routeArg = process.argv.indexOf('--route');
const pageKey = routeArg > 0 ? process.argv[routeArg + 1] : 'src/features/auth/pages/LoginPage.tsx';
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('size: no entry in the manifest');
if (!pageKey || !manifest[pageKey]) throw new Error(`size: ${pageKey} is not a chunk in the manifest`);

const start = manifest[appKey] ? collect(appKey, collect(entryKey)) : collect(entryKey);
const keys = collect(pageKey, lightPages.has(pageKey) ? start : collect(antdKey, start));
const rows = [...keys].map((k) => {
  const chunk = manifest[k];
  if (!chunk) throw new Error(`size: ${k} missing from the manifest`);
  const bytes = readAsset(chunk.file);
  return { file: chunk.file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const css = [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))].map((file) => {
  const bytes = readAsset(file);
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

/** collect adds key's chunk and, recursively, its static imports. */
function collect(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) collect(i, seen);
  return seen;
}

/** gzipOf is the gzip -9 size of the JavaScript of keys (the server sends gzip -9). */
function gzipOf(keys) {
  return [...keys].reduce((s, k) => s + gzipSync(readAsset(manifest[k].file), { level: 9 }).length, 0);
}



/** checkBudgets prints every route's first load and returns 1 when one is over its budget. */
function checkBudgets() {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const base = manifest[appKey] ? collect(appKey, collect(entry)) : collect(entry);
  const lazy = [entry, appKey].flatMap((k) => manifest[k]?.dynamicImports ?? []);
  const pages = lazy.filter((k) => k.includes('/pages/') || /Page-[^/]*\.js$/.test(k));
  if (pages.length === 0) throw new Error('size: no lazily loaded pages found in the manifest');
  let over = 0;
  const lines = pages.map((page) => {
    const name = manifest[page].src ?? manifest[page].name ?? page;
    const keys = collect(page, lightPages.has(name) ? new Set(base) : collect(antdKey, new Set(base)));
    for (const [frame, inside] of Object.entries(frames)) if (frame !== name && inside.test(name)) collect(frame, keys);
    const size = gzipOf(keys);
    const budget = budgets[name] ?? defaultBudget;
    const allowed = name in allowances ? allowances[name] * KiB : budget;
    if (size > allowed) over++;
    return { name, size, budget, allowed };
  });
  for (const l of lines.sort((a, b) => b.size - a.size)) {
    const mark = l.size > l.allowed ? 'OVER' : l.size > l.budget ? 'high' : 'ok  ';
    const allowed = l.allowed > l.budget ? ` (allowed ${(l.allowed / KiB).toFixed(0)} KiB until slimmed)` : '';
    console.log(`${mark} ${l.name.padEnd(68)} ${(l.size / KiB).toFixed(1).padStart(7)} KiB of ${(l.budget / KiB).toFixed(0).padStart(4)} KiB${allowed}`);
  }
  if (over) console.error(`size: ${over} route(s) grew past their JavaScript budget or allowance (gzip, first load); see scripts/size.mjs`);
  return over ? 1 : 0;
}
