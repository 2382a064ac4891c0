import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type HtmlTagDescriptor, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/** keepDistMarker puts dist/.keep back after Vite empties dist: web/embed.go embeds all:dist, and git keeps the folder through it. */
function keepDistMarker(): Plugin {
  return {
    name: 'bidpass-keep-dist-marker',
    apply: 'build',
    closeBundle() {
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

/**
 * preloadLoginRoute adds <link rel="modulepreload"> for the login page's chunk and everything it
 * imports to index.html: most visits start at #/, and without them the browser learns of the
 * login chunk only once the entry has run (a waterfall of about 150 ms, issue 19). Other routes
 * pay a few idle kilobytes of transfer on loopback-speed links, not a delay.
 */
function preloadLoginRoute(): Plugin {
  return {
    name: 'bidpass-preload-login-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        // The app itself (main.tsx imports it after the first paint) and the login page.
        const wanted = ['/src/app/start.tsx', '/src/features/auth/pages/LoginPage.tsx'].map((m) => {
          const c = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(m));
          if (c?.type !== 'chunk') throw new Error(`preloadLoginRoute: no chunk of ${m} in the bundle`);
          return c;
        });
        const entryImports = new Set(ctx.chunk?.type === 'chunk' ? [ctx.chunk.fileName, ...ctx.chunk.imports] : []);
        const files = new Set<string>();
        const add = (name: string) => {
          if (files.has(name) || entryImports.has(name)) return;
          files.add(name);
          const c = bundle[name];
          if (c?.type === 'chunk') c.imports.forEach(add);
        };
        wanted.forEach((c) => add(c.fileName));
        const tags: HtmlTagDescriptor[] = [...files].map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
          injectTo: 'head',
        }));
        for (const c of [...files].flatMap((f) => {
          const chunk = bundle[f];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        })) {
          tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: '', href: `/${c}` }, injectTo: 'head' });
        }
        return tags;
      },
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
      const cssFile = `assets/login-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      writeFileSync(`${outDir}/${cssFile}`, css);
      const indexPath = `${outDir}/index.html`;
      const index = readFileSync(indexPath, 'utf8');
      if (!index.includes('<div id="root"></div>')) throw new Error('prerenderLogin: no empty #root in index.html');
      writeFileSync(
        indexPath,
        index
          .replace('</head>', `  <link rel="stylesheet" href="/${cssFile}">\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root"></div>\n    <div id="prerendered">${html}</div>`),
      );
    },
  };
}

/**
 * precompressDist replaces every compressible file of dist by its gzip -9 form, name.gz, once the
 * other plugins have written theirs (issue 19): the Go server embeds dist and sends these bytes
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
        for (const file of walk(outDir)) {
          if (file === join(outDir, 'index.html') || !compressible.has(extname(file))) continue;
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

// The Go server (`bidpass serve --dev`, default 127.0.0.1:8080) answers the API
// while `npm run dev` serves the app with hot reload.
const apiTarget = process.env.BIDPASS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), keepDistMarker(), preloadLoginRoute(), prerenderLogin(), precompressDist()],
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
    // No inline <script>: the server's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
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
  },
});
