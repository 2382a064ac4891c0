import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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

// The Go server (`bidpass serve --dev`, default 127.0.0.1:8080) answers the API
// while `npm run dev` serves the app with hot reload.
const apiTarget = process.env.BIDPASS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), keepDistMarker()],
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
  },
});
