/**
 * Parsing a long document on two cores: a worker thread parses the second half while this
 * thread parses the first, each through the chunked parser; the halves are checked and
 * stitched exactly as the parser checks and stitches its own chunks. The result equals
 * `parseMarkdown` (tests/cli/parallel-parse.test.ts).
 *
 * Only worth it past a few hundred KiB: a worker costs about a tenth of a second to start (it
 * loads this same bundle), and the half's tree is copied back. Where anything does not line
 * up — a guessed label was wrong, the cut between the halves is not exact, the worker fails —
 * the document is parsed again on this thread, so the answer never depends on the shortcut.
 */
import { availableParallelism } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { Root } from 'mdast'
import { VFile } from 'vfile'
import { scanCuts } from '../markdown/chunked/chunk-scan.js'
import { checkCut, joinLists } from '../markdown/chunked/chunk-stitch.js'
import { createChunkedParser, guessDocumentLabels, parseMarkdownChunked, ONE_OFF_CHUNKS, startsWithFrontMatterFence, type ChunkedLabels, type ChunkedParseResult, type ChunkedParserOptions } from '../markdown/chunked/chunked.js'
import type { ParseResult } from '../markdown/parse.js'

/** Below this many characters one thread is faster. */
export const PARALLEL_THRESHOLD = 384 * 1024

interface Job {
  markdocxParseHalf: true
  text: string
  line: number
  offset: number
  definitions: string[]
  footnotes: string[]
}

interface MessageData {
  reason: string
  ruleId: string | undefined
  source: string | undefined
  fatal: boolean | null | undefined
  place: VFile['messages'][number]['place']
}

/** A half's parse as the worker posts it back. */
interface Half {
  tree: Root
  labels: ChunkedLabels
  messages: MessageData[]
}

type Reply = ({ ok: true } & Half) | { ok: false; error: string }

/** Labels a half is told the rest of the document defines. */
type Labels = NonNullable<ChunkedParserOptions['outside']>

/** Whether this thread is a parse worker started by `parseInParallel` (the bundle's entry asks). */
export function isParseWorker(): boolean {
  return !isMainThread && (workerData as Partial<Job> | null)?.markdocxParseHalf === true
}

/** The worker's side: parse the half it was given, post the tree back. */
export function runParseWorker(): void {
  const job = workerData as Job
  let reply: Reply
  try {
    reply = { ok: true, ...halfOf(parsePart(job.text, { definitions: new Set(job.definitions), footnotes: new Set(job.footnotes) }, { line: job.line, offset: job.offset })) }
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  parentPort?.postMessage(reply)
}

/**
 * Parses `text` (its equal of `parseMarkdown`), in two threads when it is long and there are
 * two cores. `script` is the module a worker runs: the bundle itself, whose entry checks
 * `isParseWorker()`.
 */
export async function parseInParallel(text: string, path: string | undefined, script: URL): Promise<ParseResult & { threads: 1 | 2 }> {
  const alone = () => ({ ...parseMarkdownChunked(text, path), threads: 1 as const })
  // A leading `---` may change how micromark reads the whole text (see chunked.ts): one thread.
  if (text.length < PARALLEL_THRESHOLD || availableParallelism() < 2 || text.charCodeAt(0) === 0xfeff || startsWithFrontMatterFence(text)) return alone()
  const split = middleCut(text)
  if (!split) return alone()
  // Each half finds and checks its own labels; of the other half's it has a guess, checked below.
  const head = text.slice(0, split.offset)
  const tail = text.slice(split.offset)
  const headGuess = guessDocumentLabels(head)
  const tailGuess = guessDocumentLabels(tail)
  const job: Job = { markdocxParseHalf: true, text: tail, line: split.line, offset: split.offset, definitions: [...headGuess.definitions], footnotes: [...headGuess.footnotes] }
  const worker = new Worker(script, { workerData: job })
  const second = new Promise<Reply>((resolve) => {
    worker.once('message', (reply: Reply) => resolve(reply))
    worker.once('error', (error) => resolve({ ok: false, error: error.message }))
    worker.once('exit', (code) => resolve({ ok: false, error: `the parse worker stopped (${code})` }))
  })
  const parseHead = (outside: Labels) => parsePart(head, outside, undefined, path)
  const parseTail = (outside: Labels) => parsePart(tail, outside, { line: split.line, offset: split.offset }, path)
  let first: ChunkedParseResult
  try {
    first = parseHead(tailGuess)
  } catch {
    void worker.terminate()
    return alone()
  }
  const reply = await second
  void worker.terminate()
  if (!reply.ok) return alone()
  let rest: Half = { tree: reply.tree, labels: reply.labels, messages: reply.messages }
  // A half whose guess of the other's labels was wrong is parsed again with the labels the
  // other half defines (definitions do not depend on labels: the other half's are exact).
  try {
    if (!holds(first.labels, rest.labels)) first = parseHead(rest.labels)
    if (!holds(rest.labels, first.labels)) rest = halfOf(parseTail(first.labels))
  } catch {
    return alone()
  }
  if (!holds(first.labels, rest.labels) || !holds(rest.labels, first.labels)) return alone()
  const verdict = checkCut(text, { tree: first.tree, start: 0, end: split.offset }, { tree: rest.tree, start: split.offset, end: text.length }, split.kind)
  if (!verdict.ok) return alone()
  const children = [...first.tree.children]
  const more = rest.tree.children
  if (verdict.join) children[children.length - 1] = joinLists(children[children.length - 1] as never, more[0] as never, verdict.blankBetween)
  children.push(...more.slice(verdict.join ? 1 : 0))
  const tree: Root = { type: 'root', children }
  if (first.tree.position && rest.tree.position) tree.position = { start: first.tree.position.start, end: rest.tree.position.end }
  const file = new VFile({ value: text, path })
  for (const message of first.file.messages) file.messages.push(message)
  for (const data of rest.messages) {
    const message = file.message(data.reason, { ...(data.ruleId ? { ruleId: data.ruleId } : {}), ...(data.source ? { source: data.source } : {}), ...(data.place ? { place: data.place } : {}) })
    message.fatal = data.fatal
  }
  return { tree, file, threads: 2 }
}

/**
 * The cut nearest the middle that starts a new block after a blank line, preferably a heading
 * (whatever comes before a heading has ended; a table or an open list before other text would
 * make the halves fail the check and cost a second parse), or else the next item of a
 * top-level list (one long list is then parsed in two, its halves joined).
 */
function middleCut(text: string): { offset: number; line: number; kind: 'blank' | 'item' } | undefined {
  let best: { offset: number; line: number; kind: 'blank' | 'item' } | undefined
  let bestScore = Infinity
  for (const { offset, line, kind } of scanCuts(text).cuts) {
    if (kind !== 'blank' && kind !== 'item') continue
    const heading = kind === 'blank' && text.charCodeAt(offset) === 35 /* # */
    // A heading within a tenth of the text from the middle beats any other cut; the next item
    // of a top-level list is the last choice (the halves' lists are joined), but it lets one
    // long list be parsed on two threads.
    const score = Math.abs(offset - text.length / 2) + (heading ? 0 : kind === 'blank' ? text.length / 10 : text.length / 4)
    if (score < bestScore) {
      best = { offset, line, kind }
      bestScore = score
    }
  }
  return best && best.offset > 0 && best.offset < text.length ? best : undefined
}

/** One part of a document, parsed in chunks as the whole parse would read it given the labels outside it. */
function parsePart(text: string, outside: Labels, base: ChunkedParserOptions['base'], path?: string): ChunkedParseResult {
  return createChunkedParser({ ...ONE_OFF_CHUNKS, outside, ...(base ? { base } : {}) }).parse(text, path)
}

/** A half's parse as plain data (what a worker can post). */
function halfOf(result: ChunkedParseResult): Half {
  const messages = result.file.messages.map((message) => ({ reason: message.reason, ruleId: message.ruleId, source: message.source, fatal: message.fatal, place: message.place }))
  return { tree: result.tree, labels: result.labels, messages }
}

/** Whether the answers a half was given hold, now that the other half's labels are known. */
function holds(labels: ChunkedLabels, other: ChunkedLabels): boolean {
  const defined = (label: string) => labels.definitions.has(label) || other.definitions.has(label)
  const noted = (label: string) => labels.footnotes.has(label) || other.footnotes.has(label)
  return [...labels.asked].every(([label, answer]) => defined(label) === answer) && [...labels.askedNotes].every(([label, answer]) => noted(label) === answer)
}
