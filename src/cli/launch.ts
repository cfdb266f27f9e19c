/**
 * The `markdocx` executable (dist/cli/markdocx.mjs): loads the CLI bundle
 * (dist/cli/markdocx-main.cjs, built from markdocx.ts) through V8's code cache
 * (compile-cache.ts), so a run after the first does not compile the bundle again.
 *
 * The bundle is loaded as Node loads a CommonJS file — the same wrapper, `require` and file
 * name (so stack traces point into it) — but through `vm.Script`, the one Node 20 API that
 * takes and gives V8's cached data. A script compiled so has no module loader of its own for
 * `import()`, so the bundle is built without any (esbuild's `--supported:dynamic-import=false`
 * makes the one, of sharp, a `require`). This file is also the parse worker's script: a worker
 * thread runs it too, with the cache.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Script } from 'node:vm'
import { isMainThread } from 'node:worker_threads'
import { cacheGrew, compileCacheFile, compileCacheFolder, readCompileCache, writeCompileCache } from './compile-cache.js'
import type { start } from './markdocx.js'

type CommonJsWrapper = (this: unknown, exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void

const bundlePath = fileURLToPath(new URL('./markdocx-main.cjs', import.meta.url))
const descriptor = openSync(bundlePath, 'r')
const source = readFileSync(descriptor, 'utf8')
const folder = compileCacheFolder()
const cacheFile = folder === undefined ? undefined : compileCacheFile(folder, fstatSync(descriptor))
closeSync(descriptor)
const cachedData = cacheFile === undefined ? undefined : readCompileCache(cacheFile)

// Node's CommonJS wrapper, on the bundle's first line so that line numbers stay the bundle's.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundlePath,
  cachedData,
})
const bundle = { exports: {} as { start?: typeof start } }
;(script.runInThisContext() as CommonJsWrapper).call(bundle.exports, bundle.exports, createRequire(bundlePath), bundle, bundlePath, dirname(bundlePath))

if (cacheFile !== undefined && folder !== undefined && isMainThread && converts(process.argv.slice(2))) {
  // The cache this run started from, if V8 took it.
  const used = script.cachedDataRejected === true ? undefined : cachedData
  // Taken at exit, the data holds every function this run compiled, not only the top level. A
  // run that found a cache takes it again only when it ran for a while (taking it costs
  // ~15 ms), and keeps it only when it holds more: the cache grows to what long runs need.
  process.once('exit', (code) => {
    if (code === 2 || (used !== undefined && process.uptime() < 1)) return
    const data = script.createCachedData()
    if (used === undefined || cacheGrew(used, data)) writeCompileCache(cacheFile, folder, data)
  })
}

if (typeof bundle.exports.start !== 'function') throw new Error(`${bundlePath} does not export start(): run npm run build:cli`)
bundle.exports.start(new URL(import.meta.url))

/**
 * Whether this run converts documents, so that its cache is worth keeping: `--help` and
 * `--version` compile next to nothing, and usage errors (exit status 2) are left out at exit.
 */
function converts(argv: readonly string[]): boolean {
  return !argv.some((argument) => argument === '-h' || argument === '--help' || argument === '-v' || argument === '--version')
}
