import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The merchant portal's build. `portal/build.ts` passes `--base` (the path of MERCHANT_PORTAL_URL) and the output
 * folder. Everything leaves as files (no inlined assets, no module-preload polyfill), so the page runs under a CSP
 * without 'unsafe-inline' and without data: URLs.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1024,
  },
});
