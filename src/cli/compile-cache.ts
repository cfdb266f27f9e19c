/**
 * V8's code cache for the CLI bundle: what Node 22's `module.enableCompileCache()` does, for
 * the Node 20 this package supports.
 *
 * The bundle is 2.6 MB of JavaScript. Each run V8 parses it and compiles every function it
 * calls — on a 1 MiB conversion about 0.15 s of a 2.7 s run, and most of a short run's start-up.
 * V8 can hand back what it compiled (`script.createCachedData()`, taken after a run, holds the
 * functions that run compiled) and take it again next time (`cachedData`), so later runs skip
 * that work. V8 checks the data against its own version and flags and refuses what does not fit
 * (`cachedDataRejected`), but its check of the source is only the length: the file name carries
 * the bundle's size and modification time (a rebuilt bundle is a new file), so a rebuilt bundle
 * never meets another's cache. (A hash of the text would cost 10 ms a run, 5 % of a short one.)
 *
 * Where: `$MARKDOCX_CACHE_DIR`, or `$XDG_CACHE_HOME/markdocx`, or `~/.cache/markdocx` — the
 * user's own folder (made 0700), never a shared temporary one, since cached code is code that
 * runs. `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch) turns it off. Any failure to read or
 * write only means an uncached run.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

export interface CompileCacheEnvironment {
  env: NodeJS.ProcessEnv
  home: () => string
  /** process.version and process.arch: a cache serves one Node build. */
  runtime: string
}

const defaultEnvironment = (): CompileCacheEnvironment => ({ env: process.env, home: homedir, runtime: `${process.version}-${process.arch}` })

/** The cache folder, or undefined when caching is off or there is no home to keep it in. */
export function compileCacheFolder(environment: CompileCacheEnvironment = defaultEnvironment()): string | undefined {
  const { env } = environment
  if (env.NODE_DISABLE_COMPILE_CACHE && env.NODE_DISABLE_COMPILE_CACHE !== '0') return undefined
  if (env.MARKDOCX_CACHE_DIR) return env.MARKDOCX_CACHE_DIR
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'markdocx')
  let home: string
  try {
    home = environment.home()
  } catch {
    return undefined
  }
  return home ? join(home, '.cache', 'markdocx') : undefined
}

/** What tells one build of the bundle from another: its size and modification time. */
export interface BundleIdentity {
  size: number
  mtimeMs: number
}

/** The cache file for this build of the bundle on this Node build. */
export function compileCacheFile(folder: string, bundle: BundleIdentity, environment: CompileCacheEnvironment = defaultEnvironment()): string {
  const name = `cli-${environment.runtime}-${bundle.size}-${Math.round(bundle.mtimeMs)}.v8cache`
  return join(folder, name.replace(/[^\w.-]/g, '_'))
}

/**
 * Whether the data taken at the end of a run is worth writing over the cache it started from:
 * a first run that converted a short document (or only failed) compiled less than a long one.
 */
export function cacheGrew(previous: Uint8Array, next: Uint8Array): boolean {
  return next.length > previous.length * 1.02
}

/** The cached data, or undefined when there is none (or it cannot be read). */
export function readCompileCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Caches kept in a folder: each build of the bundle (and Node) has its own, of about 2 MB. */
export const KEPT_CACHES = 4

/**
 * Writes the data whole or not at all (a concurrent run reads either the old file or the new),
 * then removes all but the newest KEPT_CACHES caches, those of earlier builds.
 */
export function writeCompileCache(file: string, folder: string, data: Uint8Array): boolean {
  const temporary = `${file}.${process.pid}.tmp`
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    writeFileSync(temporary, data, { mode: 0o600 })
    renameSync(temporary, file)
    pruneCaches(folder)
    return true
  } catch {
    try {
      unlinkSync(temporary)
    } catch {
      // Nothing was written.
    }
    return false
  }
}

function pruneCaches(folder: string): void {
  const caches: Array<{ path: string; time: number }> = []
  for (const name of readdirSync(folder)) {
    if (!/^cli-.*\.v8cache$/.test(name)) continue
    const path = join(folder, name)
    try {
      caches.push({ path, time: statSync(path).mtimeMs })
    } catch {
      // Removed meanwhile by another run.
    }
  }
  caches.sort((a, b) => b.time - a.time)
  for (const { path } of caches.slice(KEPT_CACHES)) {
    try {
      unlinkSync(path)
    } catch {
      // Removed meanwhile by another run.
    }
  }
}
