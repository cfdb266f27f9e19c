/**
 * The CLI's V8 code cache (src/cli/compile-cache.ts, used by src/cli/launch.ts): where it is
 * kept, when it is written, and that a run with it — or with a cache V8 refuses — writes the
 * same .docx as a run without.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { cacheGrew, compileCacheFile, compileCacheFolder, KEPT_CACHES, readCompileCache, writeCompileCache, type CompileCacheEnvironment } from '../../src/cli/compile-cache.js'

const BIN = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'markdocx.mjs')
const exec = promisify(execFile)

const environment = (env: NodeJS.ProcessEnv, home = '/home/someone'): CompileCacheEnvironment => ({ env, home: () => home, runtime: 'v20.0.0-x64' })

describe('compileCacheFolder', () => {
  it('is the user’s cache folder, or the one the environment names', () => {
    expect(compileCacheFolder(environment({}))).toBe(join('/home/someone', '.cache', 'markdocx'))
    expect(compileCacheFolder(environment({ XDG_CACHE_HOME: '/var/cache/me' }))).toBe(join('/var/cache/me', 'markdocx'))
    expect(compileCacheFolder(environment({ XDG_CACHE_HOME: '/var/cache/me', MARKDOCX_CACHE_DIR: '/x' }))).toBe('/x')
  })

  it('is off with NODE_DISABLE_COMPILE_CACHE, or without a home', () => {
    expect(compileCacheFolder(environment({ NODE_DISABLE_COMPILE_CACHE: '1', MARKDOCX_CACHE_DIR: '/x' }))).toBeUndefined()
    expect(compileCacheFolder(environment({ NODE_DISABLE_COMPILE_CACHE: '0' }))).toBe(join('/home/someone', '.cache', 'markdocx'))
    expect(compileCacheFolder(environment({}, ''))).toBeUndefined()
    expect(compileCacheFolder({ env: {}, home: () => { throw new Error('no home') }, runtime: 'v20' })).toBeUndefined()
  })
})

describe('compileCacheFile', () => {
  it('differs for another build of the bundle or another Node', () => {
    const file = compileCacheFile('/c', { size: 100, mtimeMs: 5 }, environment({}))
    expect(file.startsWith('/c/cli-')).toBe(true)
    expect(compileCacheFile('/c', { size: 101, mtimeMs: 5 }, environment({}))).not.toBe(file)
    expect(compileCacheFile('/c', { size: 100, mtimeMs: 6 }, environment({}))).not.toBe(file)
    expect(compileCacheFile('/c', { size: 100, mtimeMs: 5 }, { ...environment({}), runtime: 'v22.0.0-arm64' })).not.toBe(file)
  })
})

describe('writeCompileCache', () => {
  it('writes the data whole and keeps only the newest caches', () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'markdocx-cache-')), 'nested')
    for (let build = 0; build < KEPT_CACHES + 2; build++) {
      const file = join(folder, `cli-build-${build}.v8cache`)
      expect(writeCompileCache(file, folder, new Uint8Array([build]))).toBe(true)
      utimesSync(file, 1000 + build, 1000 + build)
    }
    writeFileSync(join(folder, 'other-file'), 'kept')
    expect(writeCompileCache(join(folder, 'cli-build-last.v8cache'), folder, new Uint8Array([9]))).toBe(true)
    const names = readdirSync(folder).sort()
    expect(names).toEqual(['cli-build-3.v8cache', 'cli-build-4.v8cache', 'cli-build-5.v8cache', 'cli-build-last.v8cache', 'other-file'])
    expect([...readCompileCache(join(folder, 'cli-build-last.v8cache'))!]).toEqual([9])
    expect(statSync(folder).mode & 0o777).toBe(0o700)
  })

  it('answers false, and leaves nothing, where it cannot write', () => {
    const base = mkdtempSync(join(tmpdir(), 'markdocx-cache-'))
    const notAFolder = join(base, 'file')
    writeFileSync(notAFolder, 'x')
    expect(writeCompileCache(join(notAFolder, 'cli-x.v8cache'), notAFolder, new Uint8Array([1]))).toBe(false)
    expect(readCompileCache(join(notAFolder, 'cli-x.v8cache'))).toBeUndefined()
    expect(readdirSync(base)).toEqual(['file'])
  })

  it('is taken again only when the new data holds more', () => {
    expect(cacheGrew(new Uint8Array(1000), new Uint8Array(1000))).toBe(false)
    expect(cacheGrew(new Uint8Array(1000), new Uint8Array(1100))).toBe(true)
  })
})

describe('the markdocx executable with its code cache', () => {
  const work = mkdtempSync(join(tmpdir(), 'markdocx-cli-cache-'))
  const input = join(work, 'in.md')
  writeFileSync(input, '# Title\n\nSome *text* with `code`, a [link](https://example.com) and a note.[^1]\n\n```js\nconst x = 1\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[^1]: The note.\n')
  const convert = async (cache: string | undefined, output: string, extra: NodeJS.ProcessEnv = {}) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
    delete env.NODE_DISABLE_COMPILE_CACHE
    if (cache === undefined) env.NODE_DISABLE_COMPILE_CACHE = '1'
    else env.MARKDOCX_CACHE_DIR = cache
    await exec(process.execPath, [BIN, input, '-o', output], { env })
    return readFileSync(output)
  }
  const caches = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.v8cache')) : [])

  it('writes a cache on the first run and converts the same with it, or with a refused one', async () => {
    expect(existsSync(BIN), 'dist/cli/markdocx.mjs (npm run build:cli)').toBe(true)
    const cache = join(work, 'cache')
    const uncached = await convert(undefined, join(work, 'none.docx'))
    expect(caches(cache)).toEqual([])
    const first = await convert(cache, join(work, 'first.docx'))
    const [written] = caches(cache)
    expect(written).toBeDefined()
    const size = statSync(join(cache, written!)).size
    expect(size).toBeGreaterThan(100_000)
    const writtenAt = statSync(join(cache, written!)).mtimeMs
    const second = await convert(cache, join(work, 'second.docx'))
    // V8 took the cache (a refused one is written again at exit), so this run left it as it was.
    expect(statSync(join(cache, written!)).mtimeMs).toBe(writtenAt)
    expect(first.equals(uncached)).toBe(true)
    expect(second.equals(uncached)).toBe(true)
    // Data V8 refuses (here, not V8's at all) is only a slower run, and is replaced.
    writeFileSync(join(cache, written!), Buffer.alloc(4096, 7))
    const refused = await convert(cache, join(work, 'refused.docx'))
    expect(refused.equals(uncached)).toBe(true)
    expect(statSync(join(cache, written!)).size).toBeGreaterThan(size / 2)
  })

  it('writes none for --version, or when turned off', async () => {
    const cache = join(work, 'version-cache')
    const env: NodeJS.ProcessEnv = { ...process.env, MARKDOCX_CACHE_DIR: cache }
    delete env.NODE_DISABLE_COMPILE_CACHE
    const { stdout } = await exec(process.execPath, [BIN, '--version'], { env })
    expect(stdout).toMatch(/^markdocx \d/)
    expect(caches(cache)).toEqual([])
    mkdirSync(cache, { recursive: true })
    await exec(process.execPath, [BIN, input, '-o', join(work, 'off.docx')], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } })
    expect(caches(cache)).toEqual([])
  })
})
