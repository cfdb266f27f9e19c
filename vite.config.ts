/// <reference types="vitest/config" />
/**
 * One config for the app build (Vite) and the test suite (Vitest).
 *
 * Tests are split in projects: `unit` (Node: compiler, parser, CLI, fixtures, oracle),
 * `dom` (jsdom: React components) and `e2e` (Playwright driving Debian's Chromium against
 * the built app). `npm test` runs all three.
 */
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { micromarkMendsVite } from './src/build/micromark-mends.js'

const port = Number(process.env.PORT ?? 5173)

/**
 * The app's Content-Security-Policy: scripts only from the app's own origin (no inline
 * script, no foreign origins, no eval), no plugins, no forms, no framing. Images may come
 * from anywhere a document points (http(s), data:, the object URLs of stored images); inline
 * styles are needed by CodeMirror. Sent as a header by `vite preview` and, for any other
 * static server, as a meta tag in the built index.html (not in dev: Vite's HMR injects inline script).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ')

const SECURITY_HEADERS = {
  'Content-Security-Policy': `${CSP}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/**
 * Packages whose `browser` build needs the DOM (decode-named-character-reference decodes
 * entities with a <textarea>) would break the parser in the worker, where there is no DOM:
 * use their plain build everywhere (their `worker` export condition names it too). An alias,
 * not a worker plugin, so `vite` (dev), which serves workers through the main pipeline, gets it too.
 */
const DOM_FREE = {
  'decode-named-character-reference': fileURLToPath(new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url)),
}

function contentSecurityPolicy(): Plugin {
  return {
    name: 'markdocx-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
  }
}

/**
 * Installable and offline (issue 15): a web app manifest and a Workbox service worker that
 * precaches every file of the build — the shell, the workers, the lazily loaded chunks (Mermaid,
 * citations, math) and the icons — so a static build hosted anywhere keeps working with no
 * network once it has been opened. The worker is registered from a module (src/app/service-worker.ts,
 * loaded by main.tsx), never by an injected inline script, which the CSP forbids. `prompt`: a new
 * version waits until the user chooses Reload (src/app/UpdateNotice.tsx), so a page is never
 * swapped under someone typing. clientsClaim: the first visit is offline-ready without a reload.
 */
function progressiveWebApp(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['icon.svg', 'apple-touch-icon.png'],
    manifest: {
      id: './',
      name: 'markdocx — Markdown to Word',
      short_name: 'markdocx',
      description: 'Write Markdown, see it side by side, export a Word document.',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#2b579a',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff,woff2,ttf,otf,wasm,json,webmanifest}'],
      // Mermaid's and citation-js's chunks are over Workbox's 2 MiB default; offline needs them all.
      maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      // A build is self-contained: no runtime caching of other origins (a document's remote images stay the network's).
      runtimeCaching: [],
    },
  })
}

export default defineConfig({
  publicDir: 'src/app/public',
  plugins: [micromarkMendsVite(), react(), contentSecurityPolicy(), progressiveWebApp()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
  resolve: { alias: DOM_FREE },
  // The parser runs in the workers: they get the micromark mends too (config.plugins reach workers only in dev).
  worker: { format: 'es', plugins: () => [micromarkMendsVite()] },
  server: { host: '127.0.0.1', port, strictPort: true },
  preview: { host: '127.0.0.1', port, strictPort: true, headers: SECURITY_HEADERS },
  test: {
    // micromark through Vite, so the tests run the mended parser the bundles ship (src/build/micromark-mends.ts).
    server: { deps: { inline: [/[\\/]node_modules[\\/](?:remark-parse|mdast-util-from-markdown|micromark)[\\/]/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/dom/**'],
          setupFiles: ['tests/support/every-package.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/dom/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
