/**
 * Images for the CLI: paths relative to the Markdown file (or absolute, or file: URLs), and
 * http(s) URLs downloaded with a size limit, given up when the converter's queue aborts them
 * (its time limit per image, its deadline: util/load-queue.ts). Failures are thrown with a
 * reason a person understands; the converter turns them into placeholders and messages.
 */
import { readFile } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { UnreachableHostError, type ImageLoader } from '../docx/media/images.js'

export interface NodeImageLoaderOptions {
  /** Folder that relative paths are resolved against (the Markdown file's). */
  baseDir: string
  /** Download http(s) images (default true). */
  remote?: boolean
  /** Milliseconds to wait for a download when the caller gives no signal (default 8 000). */
  timeoutMs?: number
  /** Largest image accepted, in bytes (default 50 MiB). */
  maxBytes?: number
}

export function createNodeImageLoader(options: NodeImageLoaderOptions): ImageLoader {
  const maxBytes = options.maxBytes ?? 50 * 1024 * 1024
  return async (url, signal) => {
    const trimmed = url.trim()
    if (/^https?:/i.test(trimmed)) {
      if (options.remote === false) throw new Error('remote images are turned off (--no-remote-images)')
      return download(trimmed, signal ?? AbortSignal.timeout(options.timeoutMs ?? 8_000), options.timeoutMs ?? 8_000, maxBytes)
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^file:/i.test(trimmed) && !/^[a-z]:[\\/]/i.test(trimmed)) {
      throw new Error(`"${trimmed.split(':')[0]}:" URLs are not loaded`)
    }
    return readLocal(trimmed, options.baseDir, maxBytes)
  }
}

async function readLocal(url: string, baseDir: string, maxBytes: number): Promise<Uint8Array> {
  const candidates = new Set<string>()
  const path = /^file:/i.test(url) ? fileURLToPath(url) : decode(url)
  candidates.add(path)
  // READMEs often write `image.png?raw=true` or `#light`: try the path without them too.
  candidates.add(path.replace(/[?#].*$/, ''))
  let lastError: unknown
  for (const candidate of candidates) {
    const full = isAbsolute(candidate) ? candidate : resolve(baseDir, candidate)
    try {
      const bytes = await readFile(full)
      if (bytes.length > maxBytes) throw new Error(`it is larger than ${Math.round(maxBytes / 1048576)} MiB`)
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    } catch (error) {
      lastError = error
    }
  }
  const code = (lastError as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') throw new Error(`file not found (${resolve(baseDir, path)})`)
  if (code === 'EISDIR') throw new Error('it is a folder, not a file')
  if (code === 'EACCES') throw new Error('permission denied')
  throw lastError instanceof Error ? lastError : new Error('could not be read')
}

async function download(url: string, signal: AbortSignal, timeoutMs: number, maxBytes: number): Promise<Uint8Array> {
  let response: Response
  try {
    response = await fetch(url, { signal, redirect: 'follow' })
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`no answer within ${timeoutMs / 1000} s`)
    const reason = `download failed (${downloadError(error)})`
    const code = causeCode(error)
    throw code !== undefined && UNREACHABLE.has(code) ? new UnreachableHostError(reason) : new Error(reason)
  }
  if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim())
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > maxBytes) throw new Error(`it is larger than ${Math.round(maxBytes / 1048576)} MiB`)
  // The body may hang too: the signal aborts reading it.
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.length > maxBytes) throw new Error(`it is larger than ${Math.round(maxBytes / 1048576)} MiB`)
  return bytes
}

/**
 * Failures that say the host cannot be reached at all, whatever the path: its name does not
 * resolve (ENOTFOUND; EAI_AGAIN, the resolver did not answer), nothing listens, no route to it,
 * the connection timed out, or its certificate is not trusted.
 */
const UNREACHABLE: ReadonlySet<string> = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

function causeCode(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code
  return typeof code === 'string' ? code : undefined
}

/** Node's fetch says "fetch failed"; the reason a person can act on is in its cause (ECONNREFUSED, ENOTFOUND…). */
function downloadError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause
  if (cause?.code) return `${cause.code}${cause.message && !cause.message.includes(cause.code) ? `: ${cause.message}` : ''}`
  return error instanceof Error ? error.message : String(error)
}

function decode(url: string): string {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}
