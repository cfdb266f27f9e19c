/**
 * One corpus, in-process: parse (whole and chunked), mdast → docx, pack — each timed over a few
 * runs, with the heap's peak after each phase. Run by run.ts in a child process per corpus (so
 * corpora do not share a heap), it prints one JSON line per finished measurement, so what was
 * measured survives when the parent stops a slow whole parse at its time limit.
 *
 *   node --expose-gc --import tsx src/bench/phases.ts <file.md> <runs>
 */
import { readFileSync } from 'node:fs'
import { corePropertiesFrom } from '../docx/ooxml/core-properties.js'
import { compile } from '../docx/to-docx.js'
import { packDocx } from '../docx/ooxml/pack.js'
import { resolveImages } from '../docx/media/images.js'
import { parseMarkdownChunked } from '../markdown/chunked/chunked.js'
import { parseMarkdown } from '../markdown/parse.js'

export interface PhaseLine {
  phase: 'parse-chunked' | 'compile' | 'pack' | 'parse-whole'
  ms: number[]
  /** Resident memory after the phase's last run, in bytes. */
  rss: number
}

const [path, runsArgument] = process.argv.slice(2)
if (!path) throw new Error('usage: phases.ts <file.md> <runs>')
const runs = Math.max(1, Number(runsArgument ?? 3))
const text = readFileSync(path, 'utf8')
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)

function emit(line: PhaseLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

async function main(): Promise<void> {
  const times = { chunked: [] as number[], compile: [] as number[], pack: [] as number[] }
  let rss = { chunked: 0, compile: 0, pack: 0 }
  for (let run = 0; run < runs; run++) {
    gc()
    let start = performance.now()
    const { tree, file } = parseMarkdownChunked(text)
    times.chunked.push(performance.now() - start)
    rss = { ...rss, chunked: Math.max(rss.chunked, process.memoryUsage().rss) }
    // Images are left out (no loader): the benchmark is about text.
    const images = await resolveImages(tree, { loadImage: () => Promise.reject(new Error('not loaded in the benchmark')) })
    start = performance.now()
    const { document, state } = compile(tree, { file, images, parseMarkdown: (text) => parseMarkdown(text).tree })
    times.compile.push(performance.now() - start)
    rss = { ...rss, compile: Math.max(rss.compile, process.memoryUsage().rss) }
    start = performance.now()
    await packDocx(document, { core: corePropertiesFrom(state.metadata, undefined, state.options.parseMarkdown) })
    times.pack.push(performance.now() - start)
    rss = { ...rss, pack: Math.max(rss.pack, process.memoryUsage().rss) }
  }
  emit({ phase: 'parse-chunked', ms: times.chunked, rss: rss.chunked })
  emit({ phase: 'compile', ms: times.compile, rss: rss.compile })
  emit({ phase: 'pack', ms: times.pack, rss: rss.pack })
  // Last: on list-heavy text remark's own parse is super-linear, and may be stopped.
  const whole: number[] = []
  for (let run = 0; run < runs; run++) {
    gc()
    const start = performance.now()
    parseMarkdown(text)
    whole.push(performance.now() - start)
    emit({ phase: 'parse-whole', ms: whole, rss: process.memoryUsage().rss })
    if (performance.now() - start > 20_000) break
  }
}

await main()
