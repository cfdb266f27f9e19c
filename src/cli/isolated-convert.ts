/**
 * A long document is converted on a worker thread with a heap limit, so that a document too
 * big for memory (a table of a million cells, a paragraph of half a million lines) ends that
 * worker with ERR_WORKER_OUT_OF_MEMORY — reported as a message, exit status 1, the other
 * inputs still converted — instead of V8 aborting the whole process (SIGABRT), which no
 * handler can catch.
 *
 * Short documents stay on this thread: a worker costs about a tenth of a second to start (it
 * loads the bundle again), and a few hundred KiB of Markdown cannot grow to gigabytes — every
 * construct that grows faster than its text (tables, delimiter runs, nesting) is bounded by
 * the parser's guards (src/markdown/guards). Diagrams are drawn by this thread's browser: the
 * worker asks for each one, so a run still starts one browser at most.
 */
import { getHeapStatistics } from 'node:v8'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { DiagramRenderer, DiagramRequest, DiagramResult } from '../docx/media/diagrams.js'
import { convertMarkdown, type ConvertJob, type Converted } from './convert-markdown.js'
import { describeError } from './describe-error.js'

/** From this many characters on, a document is converted on a worker (a few hundred KiB convert in well under a second). */
export const ISOLATE_THRESHOLD = 256 * 1024

interface WorkerJob {
  markdocxConvert: true
  job: ConvertJob
}

type FromWorker =
  | { kind: 'diagram'; id: number; source: string; request: DiagramRequest }
  | { kind: 'done'; converted: Converted }
  | { kind: 'failed'; error: string }

type ToWorker = { kind: 'diagram'; id: number; result: DiagramResult }

export type IsolatedOutcome = { ok: true; converted: Converted } | { ok: false; error: string }

/** Whether this thread is a conversion worker started by `convertIsolated` (the bundle's entry asks). */
export function isConvertWorker(): boolean {
  return !isMainThread && (workerData as Partial<WorkerJob> | null)?.markdocxConvert === true
}

/**
 * The heap a conversion worker may use, in MB: MARKDOCX_HEAP_MB, else this process's own limit
 * (Node's default grows with the machine's memory; `--max-old-space-size` sets it).
 */
export function workerHeapMb(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.MARKDOCX_HEAP_MB)
  if (Number.isFinite(given) && given >= 16) return Math.floor(given)
  return Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20)
}

/** The worker's side: convert, asking the main thread for diagrams, and post the .docx back. */
export function runConvertWorker(): void {
  const port = parentPort
  if (!port) return
  const { job } = workerData as WorkerJob
  const pending = new Map<number, (result: DiagramResult) => void>()
  let next = 0
  port.on('message', (message: ToWorker) => {
    pending.get(message.id)?.(message.result)
    pending.delete(message.id)
  })
  const renderDiagram: DiagramRenderer = (source, request) =>
    new Promise((resolve) => {
      const id = next++
      pending.set(id, resolve)
      port.postMessage({ kind: 'diagram', id, source, request } satisfies FromWorker)
    })
  convertMarkdown(job, renderDiagram).then(
    (converted) => {
      port.postMessage({ kind: 'done', converted } satisfies FromWorker, [converted.data.buffer as ArrayBuffer])
      // The listener for diagram answers would keep the thread alive.
      port.close()
    },
    (error: unknown) => {
      port.postMessage({ kind: 'failed', error: describeError(error) } satisfies FromWorker)
      port.close()
    },
  )
}

/**
 * The worker's young generation, in MB. Parsing and compiling make very many short-lived
 * objects; a larger nursery collects them less often. On 1 MiB of READMEs: median 5.70 s
 * against 6.14 s with V8's default (7 runs each, interleaved, on two busy cores: the runs spread
 * over a second, so the gain is a tendency, not a guarantee), for 30–45 MB more peak memory;
 * 192 MB was no faster and cost 110 MB; a MiB of lists gains nothing either way.
 */
const YOUNG_GENERATION_MB = 96

/** Converts on a worker thread (running `script`, the bundle) with a heap of `heapMb`. */
export function convertIsolated(job: ConvertJob, script: URL, renderDiagram: DiagramRenderer, heapMb = workerHeapMb()): Promise<IsolatedOutcome> {
  const worker = new Worker(script, { workerData: { markdocxConvert: true, job } satisfies WorkerJob, resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } })
  return new Promise<IsolatedOutcome>((resolve) => {
    let outcome: IsolatedOutcome | undefined
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'diagram') {
        renderDiagram(message.source, message.request)
          .catch((error: unknown): DiagramResult => ({ ok: false, error: describeError(error) }))
          .then((result) => worker.postMessage({ kind: 'diagram', id: message.id, result } satisfies ToWorker))
          .catch(() => undefined)
      } else if (message.kind === 'done') outcome = { ok: true, converted: message.converted }
      else outcome = { ok: false, error: message.error }
    })
    worker.once('error', (error: Error & { code?: string }) => {
      outcome ??= {
        ok: false,
        error:
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `it needs more than the ${heapMb} MB of memory allowed (MARKDOCX_HEAP_MB or node's --max-old-space-size raise it; splitting the document helps)`
            : describeError(error),
      }
    })
    worker.once('exit', (code) => resolve(outcome ?? { ok: false, error: `the conversion stopped (${code})` }))
  })
}
