import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { build, minify, type HtmlTagDescriptor, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/**
 * built.dir is where this build writes: build.outDir once the config is resolved, so that
 * `vite build --outDir elsewhere` (a build with source maps to study, say) leaves dist alone; the
 * plugins below wrote into dist whatever the build's outDir, and a second build put a second
 * prerendered copy into dist/index.html.
 */
const built = { dir: outDir };
function trackOutDir(): Plugin {
  return {
    name: 'bidpass-out-dir',
    configResolved(config) {
      built.dir = resolve(config.root, config.build.outDir);
    },
  };
}

/** keepDistMarker puts dist/.keep back after Vite empties dist: web/embed.go embeds all:dist, and git keeps the folder through it. */
function keepDistMarker(): Plugin {
  return {
    name: 'bidpass-keep-dist-marker',
    apply: 'build',
    closeBundle() {
      writeFileSync(`${built.dir}/.keep`, '');
    },
  };
}

/** The boot script's source: the build writes it into index.html (routePreloads). */
const bootSource = fileURLToPath(new URL('./public/boot.js', import.meta.url));
/** Where public/boot.js takes the build's tables (null in `npm run dev`). */
const bootMarker = '/* build: route chunks */ null';

/**
 * loadSource evaluates one of the app's plain data modules (src/shared/paths.ts, the early GETs'
 * table) in Node: transpiled to CommonJS, its relative imports loaded the same way. The config
 * does not import them directly: tsconfig.node.json checks it with Node's resolution, where the
 * app's extensionless imports do not resolve.
 */
function loadSource(file: string): Record<string, unknown> {
  const out = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} as Record<string, unknown> };
  const load = (spec: string) => {
    if (!spec.startsWith('.')) throw new Error(`loadSource: ${file} imports ${spec}, not a relative module`);
    return loadSource(join(dirname(file), `${spec}.ts`));
  };
  new Function('exports', 'require', 'module', out.outputText)(module.exports, load, module);
  return module.exports;
}

const srcFile = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

interface EarlyQuery {
  path: string;
  userType?: number;
}

interface RouteEntry {
  /** The route's path as react-router spells it (':status', a trailing '/*'). */
  pattern: string;
  auth: boolean;
  /** The lazy page modules (src/…) of the route and of its layouts. */
  modules: string[];
  redirectTo?: string;
}

/**
 * routeEntries reads the route table (src/app/routes.tsx) with the TypeScript parser: each path
 * (evaluated with src/shared/paths.ts), whether it needs a session, and the lazily imported
 * page modules it shows with its layouts. Pathless layouts pass their page to their children;
 * a redirect takes its target's pages.
 */
function routeEntries(): RouteEntry[] {
  const file = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazies = new Map<string, string>();
  let table: ts.ArrayLiteralExpression | undefined;
  const findImport = (n: ts.Node): string | undefined => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const a = n.arguments[0];
      return a && ts.isStringLiteral(a) ? a.text : undefined;
    }
    return ts.forEachChild(n, findImport);
  };
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = n.initializer;
      if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'lazy') {
        const spec = findImport(init);
        if (spec) lazies.set(n.name.text, spec.replace(/^@\//, fileURLToPath(new URL('./src/', import.meta.url))));
      }
      if (n.name.text === 'routeTable' && ts.isArrayLiteralExpression(init)) table = init;
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  const { paths } = loadSource(srcFile('shared/paths.ts')) as { paths: { accountCenter: unknown } };
  if (!table) throw new Error('routeEntries: no routeTable in src/app/routes.tsx');
  // The path expressions are plain uses of paths (and routes.tsx's ac = paths.accountCenter).
  const evalPath = (e: ts.Expression) => new Function('paths', 'ac', `return (${e.getText(src)});`)(paths, paths.accountCenter) as string;
  const out: RouteEntry[] = [];
  const walk = (arr: ts.ArrayLiteralExpression, parentModules: string[], parentAuth: boolean, parentPath: string | undefined) => {
    for (const el of arr.elements) {
      if (!ts.isObjectLiteralExpression(el)) throw new Error(`routeEntries: not an object literal: ${el.getText(src)}`);
      const props = new Map<string, ts.Expression>();
      for (const p of el.properties) if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) props.set(p.name.text, p.initializer);
      const pageId = props.get('page');
      const page = pageId && ts.isIdentifier(pageId) ? lazies.get(pageId.text) : undefined;
      if (pageId && !page) throw new Error(`routeEntries: page ${pageId.getText(src)} is not a lazy import`);
      const modules = page ? [...parentModules, page] : parentModules;
      const auth = parentAuth || props.get('requireAuth')?.kind === ts.SyntaxKind.TrueKeyword;
      const pathExpr = props.get('path');
      const path = pathExpr ? evalPath(pathExpr) : props.has('index') ? (parentPath ?? '/') : undefined;
      const redirect = props.get('redirectTo');
      // An index child shares its layout's path: one entry with the pages of both.
      const same = out.find((e) => e.pattern === path);
      if (same) {
        same.modules = [...new Set([...same.modules, ...modules])];
        same.auth ||= auth;
        if (redirect) same.redirectTo = evalPath(redirect);
      } else if (path !== undefined && path !== '*') {
        out.push({ pattern: path, auth, modules, ...(redirect ? { redirectTo: evalPath(redirect) } : {}) });
      }
      const children = props.get('children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, modules, auth, path ?? parentPath);
    }
  };
  walk(table, [], false, undefined);
  for (const e of out) {
    const target = e.redirectTo && out.find((t) => t.pattern === e.redirectTo);
    if (target) e.modules = [...new Set([...e.modules, ...target.modules])];
  }
  return out;
}

/**
 * routePreloads (docs/decisions/frontend-load.md, "Front-end load") writes into the boot script the chunks of the app itself (the
 * entry's imports and src/app/start.tsx with its imports, which main.tsx imports after the first
 * paint; every route needs them) and of every route's page: boot.js preloads the app's and the
 * current route's page's, before the entry has run (without them the browser learns of a page's
 * chunks once the entry has run and the router has matched: a waterfall), and on other routes
 * none of the login page's. On the login page it preloads none of the app's: index.html carries
 * no <link rel="modulepreload"> (build.modulePreload below), since a dozen module chunks fetched
 * and compiled while the copy is parsed and painted put its first paint and the graphic code's
 * picture back by about a third (docs/performance.md, fourth session); main.tsx asks for them once
 * the picture is painted. The login page's stylesheets are written into the page (the
 * prerendered copy is painted with them). It also writes the early GETs of signed-in pages
 * (src/shared/early/table.ts), then the whole script into index.html (routePreloads).
 */
function routePreloads(): Plugin {
  return {
    name: 'bidpass-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunkOf = (module: string) => {
          const c = Object.values(bundle).find(
            (c) => c.type === 'chunk' && (c.facadeModuleId === module || c.facadeModuleId?.replace(/\.tsx?$/, '') === module),
          );
          if (c?.type !== 'chunk') throw new Error(`routePreloads: no chunk of ${module} in the bundle`);
          return c;
        };
        // What the page loads whatever the route: the entry with its imports (Vite's own tags).
        const entryChunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c] : []));
        const entryImports = entryChunks.flatMap((c) => c.imports);
        const loaded = new Set(entryChunks.flatMap((c) => [c.fileName, ...c.imports, ...(c.viteMetadata?.importedCss ?? [])]));
        const closure = (roots: string[], skip: Set<string>) => {
          const files = new Set<string>();
          const add = (name: string) => {
            if (files.has(name) || skip.has(name)) return;
            files.add(name);
            const c = bundle[name];
            if (c?.type === 'chunk') c.imports.forEach(add);
          };
          roots.forEach(add);
          const css = [...files].flatMap((f) => {
            const c = bundle[f];
            return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
          });
          return { js: [...files], css: [...new Set(css)].filter((f) => !skip.has(f)) };
        };
        const start = closure([chunkOf(fileURLToPath(new URL('./src/app/start', import.meta.url))).fileName], loaded);
        const inHtml = new Set([...loaded, ...start.js, ...start.css]);
        const entries = routeEntries();
        const files: string[] = [];
        const index = (f: string) => {
          const i = files.indexOf(f);
          return i >= 0 ? i : files.push(f) - 1;
        };
        // The app's chunks: the entry's imports (the entry itself is index.html's script) and start's closure.
        const app = [...new Set([...entryImports, ...start.js])].map(index);
        const routes: [string, 0 | 1, number[]][] = [];
        let loginCss: string[] = [];
        for (const e of entries) {
          if (e.modules.length === 0) continue;
          const c = closure(e.modules.map((m) => chunkOf(m).fileName), inHtml);
          // The login page's stylesheets are in the HTML for every route (the copy is painted with them).
          if (e.pattern === '/') loginCss = c.css;
          routes.push([e.pattern, e.auth ? 1 : 0, [...c.js, ...(e.pattern === '/' ? [] : c.css)].map(index)]);
        }
        if (!routes.some((r) => r[0] === '/')) throw new Error('routePreloads: no login route (/) in the route table');
        const data: Record<string, [string, number][]> = {};
        const { earlyQueries } = loadSource(srcFile('shared/early/table.ts')) as { earlyQueries: Record<string, EarlyQuery[]> };
        for (const [route, qs] of Object.entries(earlyQueries)) data[route] = qs.map((q) => [q.path, q.userType ?? 0]);
        const boot = readFileSync(bootSource, 'utf8');
        if (!boot.includes(bootMarker)) throw new Error(`routePreloads: public/boot.js has no ${bootMarker}`);
        const code = (await minify('boot.js', boot.replace(bootMarker, JSON.stringify({ files, app, routes, data })))).code.trim();
        const tag = '<script src="/boot.js"></script>';
        if (!html.includes(tag)) throw new Error(`routePreloads: index.html has no ${tag}`);
        // JSON.stringify leaves '<' as it is: '</script' inside the code would end the element.
        if (/<\/script|<!--/i.test(code)) throw new Error('routePreloads: the boot script contains </script or <!--');
        // The stylesheets the first paint needs (the entry's, the app's and the login page's, about
        // 9 KiB) are written into the page: as links they were render-blocking requests queued with
        // the scripts on the browser's six connections, and the copy's first paint waited for the last.
        const cssOf = (f: string) => {
          const asset = bundle[f];
          if (asset?.type !== 'asset') throw new Error(`routePreloads: no stylesheet ${f} in the bundle`);
          return String(asset.source);
        };
        const tags: HtmlTagDescriptor[] = [...start.css, ...loginCss].map((f) => ({
          tag: 'style',
          attrs: { 'data-href': `/${f}` },
          children: cssOf(f),
          injectTo: 'head' as const,
        }));
        // Vite's own link to the entry's stylesheet is already in the page.
        const inlined = html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (_link, f: string) => `<style data-href="/${f}">${cssOf(f)}</style>`,
        );
        return { html: inlined.replace(tag, () => `<script>${code}</script>`), tags };
      },
    },
    closeBundle() {
      // Written into index.html: the copy Vite made from public/ would never be asked for.
      rmSync(`${built.dir}/boot.js`, { force: true });
    },
  };
}

/**
 * prerenderLogin puts a copy of the login page, rendered at build time, into index.html (issue
 * 19): the browser paints it from the HTML and the stylesheets, before any script has run.
 * public/boot.js shows it only on the login route and asks for its graphic code at once;
 * src/app/staticLogin.tsx takes it away, carrying over what was typed, when the app's page
 * has mounted. It builds src/app/prerender.tsx for Node and runs it (scripts/prerender.mjs).
 */
function prerenderLogin(): Plugin {
  const ssrOut = fileURLToPath(new URL('./node_modules/.bidpass-prerender', import.meta.url));
  return {
    name: 'bidpass-prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async closeBundle() {
      await build({
        configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
      });
      const script = fileURLToPath(new URL('./scripts/prerender.mjs', import.meta.url));
      const { html, css } = JSON.parse(
        execFileSync(process.execPath, [script, `${ssrOut}/prerender.js`], { encoding: 'utf8', maxBuffer: 64 << 20 }),
      ) as { html: string; css: string };
      const indexPath = `${built.dir}/index.html`;
      let index = readFileSync(indexPath, 'utf8');
      if (!index.includes('<div id="root"></div>')) throw new Error('prerenderLogin: no empty #root in index.html');
      // The login page draws without antd (docs/decisions/frontend-load.md, "Front-end load"): its styles are the chunks' stylesheets index.html
      // links already, and a stylesheet of collected CSS-in-JS is written only if there is any.
      if (css !== '') {
        const cssFile = `assets/login-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
        writeFileSync(`${built.dir}/${cssFile}`, css);
        index = index.replace('</head>', `  <link rel="stylesheet" href="/${cssFile}">\n  </head>`);
      }
      writeFileSync(indexPath, index.replace('<div id="root"></div>', `<div id="root"></div>\n    <div id="prerendered">${forTheServer(html)}</div>`));
    },
  };
}

/** The comments around the content of the copy's graphic-code box (internal/httpapi/loginpage.go). */
const graphicCodeMarks = ['<!--graphic-code-->', '<!--/graphic-code-->'] as const;

/**
 * forTheServer readies the prerendered login page for the page it goes into:
 * - its links are hash routes, as the app's are (StaticRouter writes "/registerFrame", which a
 *   click before the app has mounted would send to the server as a path, a 404);
 * - the content of the graphic-code box (a spinner) is marked, so that the server can put a fresh
 *   code's picture there when a browser loads the page (internal/httpapi/loginpage.go): the picture
 *   is then painted with the page, before any script has run or any request is made (docs/decisions/frontend-load.md, "Front-end load").
 */
function forTheServer(html: string): string {
  const withHashLinks = html.replace(/ href="\/(?!\/)/g, ' href="#/');
  const box = /<span\b[^>]*\bdata-testid="graphic-code"[^>]*>/.exec(withHashLinks);
  if (!box) throw new Error('prerenderLogin: no graphic-code box in the login page');
  const start = box.index + box[0].length;
  // The box's closing tag: the first </span> at the box's own depth (React writes well-formed markup).
  const tags = /<span\b[^>]*>|<\/span>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(withHashLinks); m; m = tags.exec(withHashLinks)) {
    if (m[0] !== '</span>') depth++;
    else if (depth-- === 0) {
      const [open, close] = graphicCodeMarks;
      return withHashLinks.slice(0, start) + open + withHashLinks.slice(start, m.index) + close + withHashLinks.slice(m.index);
    }
  }
  throw new Error('prerenderLogin: the graphic-code box is not closed');
}

/**
 * precompressDist replaces every compressible file of dist by its gzip -9 form, name.gz, once the
 * other plugins have written theirs (docs/decisions/frontend-load.md, "Front-end load"): the Go server embeds dist and sends these bytes
 * as they are to browsers (every one takes gzip), unpacking only for a client that does not. The
 * binary carries about a quarter of the app's bytes, and the server compresses nothing when it
 * starts. index.html stays plain: the server writes the runtime settings into it.
 * dist/.vite (the manifest scripts/size.mjs reads) is left alone and not served.
 */
function precompressDist(): Plugin {
  const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.html', '.map']);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      if (name.startsWith('.')) return [];
      const p = join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'bidpass-precompress-dist',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(built.dir)) {
          if (file === join(built.dir, 'index.html') || !compressible.has(extname(file))) continue;
          const body = readFileSync(file);
          if (body.length <= 512) continue;
          const gz = gzipSync(body, { level: 9 });
          if (gz.length >= body.length) continue;
          writeFileSync(`${file}.gz`, gz);
          unlinkSync(file);
        }
      },
    },
  };
}

/**
 * loaded holds, by chunk, the chunks that are surely in the browser while that chunk's code runs
 * (preloadGraph): its own static imports, and those of every way it can have been loaded.
 */
const loaded = { byChunk: new Map<string, Set<string>>() };

/**
 * preloadGraph (docs/decisions/frontend-load.md, "Front-end load"): a dynamic import in the build carries the list of the chunks it
 * preloads with its target (Vite's __vite__mapDeps): every chunk the target imports, including
 * those the importing page has loaded long before (React, antd's core, the form). Those names
 * were about 2 KiB gzip of every route's first load, and preloading a chunk that is
 * already there does nothing. This works out, from the bundle's import graph, which chunks are
 * surely loaded wherever a chunk runs (a "must" analysis over the entry and every dynamically
 * imported chunk), for build.modulePreload.resolveDependencies to leave them out of the list.
 */
function preloadGraph(): Plugin {
  return {
    name: 'bidpass-preload-graph',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loaded.byChunk = surelyLoaded(bundle);
      },
    },
  };
}

/** What surelyLoaded reads of the bundle's files. */
interface BundleChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
}
type BundleFile = BundleChunk | { type: 'asset'; fileName: string };

/** surelyLoaded maps each chunk of bundle to the chunks that are loaded whenever its code runs. */
function surelyLoaded(bundle: Record<string, BundleFile>): Map<string, Set<string>> {
  const chunks = new Map<string, BundleChunk>();
  for (const c of Object.values(bundle)) if (c.type === 'chunk') chunks.set(c.fileName, c);
  const closure = (file: string) => {
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f) || !chunks.has(f)) return;
      seen.add(f);
      chunks.get(f)?.imports.forEach(visit);
    };
    visit(file);
    return seen;
  };
  const intersect = (sets: Set<string>[]) => (sets.length === 0 ? new Set<string>() : new Set([...sets[0]].filter((f) => sets.every((s) => s.has(f)))));
  // Roots: what a page loads on its own (the entry) or by import(); a chunk runs inside some root's static graph.
  const roots = [...chunks].filter(([, c]) => c.isEntry || c.isDynamicEntry).map(([f]) => f);
  const closures = new Map(roots.map((r) => [r, closure(r)]));
  const importers = new Map<string, string[]>();
  for (const [f, c] of chunks) for (const d of c.dynamicImports) importers.set(d, [...(importers.get(d) ?? []), f]);
  // avail: what is loaded while a root runs; from "everything" down to the fixed point.
  const all = new Set(chunks.keys());
  const avail = new Map(roots.map((r) => [r, chunks.get(r)?.isEntry ? (closures.get(r) ?? new Set<string>()) : all]));
  const whenRunning = (f: string) => intersect(roots.filter((r) => closures.get(r)?.has(f)).map((r) => avail.get(r) ?? new Set<string>()));
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of roots) {
      if (chunks.get(r)?.isEntry) continue;
      const before = intersect((importers.get(r) ?? []).map(whenRunning));
      const next = new Set([...(closures.get(r) ?? []), ...before]);
      if (next.size !== avail.get(r)?.size) {
        avail.set(r, next);
        changed = true;
      }
    }
  }
  return new Map([...chunks.keys()].map((f) => [f, whenRunning(f)]));
}

// The Go server (`bidpass serve --dev`, default 127.0.0.1:8080) answers the API
// while `npm run dev` serves the app with hot reload.
const apiTarget = process.env.BIDPASS_API ?? 'http://127.0.0.1:8080';

/**
 * @rc-component/form declares no `sideEffects`, so a bundler must keep every module of it that
 * anything imports from, for its top-level code. antd's Tooltip, Popover and Modal import one
 * context from antd's form module (ContextIsolator → form/context → rc-form's index), and with it
 * came the whole form engine, ~12 KiB gzip, onto pages without a form (docs/decisions/frontend-load.md, "Front-end load"). Its modules do
 * nothing on import but define, so the build may drop those nothing uses. Declaring all of
 * @rc-component and @ant-design/cssinjs the same was measured too: chunks came out worse (+4 KiB
 * on the wizards), so only this package, and @rc-component/input, whose index brought TextArea
 * (−1.5 KiB on pages with a plain Input).
 */
const sideEffectFree = /\/node_modules\/@rc-component\/(form|input)\//;

/**
 * formLabelTooltip (docs/decisions/frontend-load.md, "Front-end load"): antd's form label (antd/es/form/FormItemLabel.js) imports antd's
 * Tooltip for a Form.Item's `tooltip`, which no form of the portal sets; with it came the Tooltip,
 * rc-tooltip, the placements and the arrow styles (about 5.5 KiB gzip) to every page with a
 * form. In the build that import is src/shared/antd/FormLabelTooltip.tsx, which fetches antd's
 * Tooltip the first time a label shows one.
 */
function formLabelTooltip(): Plugin {
  const stand = fileURLToPath(new URL('./src/shared/antd/FormLabelTooltip.tsx', import.meta.url));
  return {
    name: 'bidpass-form-label-tooltip',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tooltip' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/.test(importer)) return stand;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), formLabelTooltip(), preloadGraph(), trackOutDir(), keepDistMarker(), routePreloads(), prerenderLogin(), precompressDist()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/captcha': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // scripts/size.mjs reads the manifest to find what the login route loads.
    manifest: true,
    // No inline <script> but boot.js (the server's CSP allows it by its hash; routePreloads).
    // No <link rel="modulepreload"> in index.html for the entry's imports: boot.js preloads the
    // app's chunks on every route but the login page, where they held back its first paint
    // (routePreloads). A dynamic import still preloads its chunk's imports with it (hostType 'js').
    // A dynamic import preloads only its chunks not already loaded where it runs (preloadGraph).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'html' ? [] : deps.filter((d) => !loaded.byChunk.get(hostId)?.has(d))),
    },
    assetsInlineLimit: 0,
    // What a route loads is held by scripts/size.mjs's budgets (make size), not by this warning. The one
    // chunk past 1.2 MB is swagger-ui's own bundle (1.55 MB, 432 KiB gzip), loaded only by the API
    // reference page (#/dev/api, development mode) when it opens; a warning on every build about it
    // taught readers to skip the build's output.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !sideEffectFree.test(id),
      },
    },
  },
  test: {
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.js'],
    restoreMocks: true,
    // antd pages render slowly on this project's 2-core machines, the more so beside a Go test run:
    // a test that takes 2.6 s alone was seen to pass 5 s under load. A hung test still fails.
    testTimeout: 20_000,
    // A file's setup (its imports and beforeAll/beforeEach) gets the same room: at a load of 9 to 15
    // two full runs each lost one whole file at the default 10 s (config.test.ts, dialogRoutes.test.tsx),
    // every test of it skipped, while both passed alone (docs/decisions/frontend-load.md, "Front-end load", fifth session).
    hookTimeout: 30_000,
  },
});
