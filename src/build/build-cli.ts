/**
 * Builds the CLI (`npm run build:cli`): the bundle dist/cli/markdocx-main.cjs and the
 * executable dist/cli/markdocx.mjs that loads it through V8's code cache (src/cli/launch.ts).
 * A script rather than esbuild's command line because the bundle takes a plugin
 * (micromark-mends.ts).
 */
import { chmodSync } from 'node:fs'
import { build } from 'esbuild'
import { micromarkMendsEsbuild } from './micromark-mends.js'

await build({
  entryPoints: ['src/cli/markdocx.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['sharp', 'playwright-core'],
  logOverride: { 'empty-import-meta': 'silent' },
  // launch.ts runs the bundle through vm.Script, which has no module loader for import().
  supported: { 'dynamic-import': false },
  outfile: 'dist/cli/markdocx-main.cjs',
  logLevel: 'warning',
  plugins: [micromarkMendsEsbuild()],
})

await build({
  entryPoints: ['src/cli/launch.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist/cli/markdocx.mjs',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
})
chmodSync('dist/cli/markdocx.mjs', 0o755)
