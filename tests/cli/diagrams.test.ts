/**
 * Mermaid diagrams in the CLI: drawn in the system's Chromium (skipped only where there is none
 * — and required when CHROMIUM_PATH is set, as in CI), kept as code with one note when there is
 * no browser or `--no-diagrams` says so, and the bundled executable drawing them too (playwright
 * and mermaid's bundle found from dist/cli).
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { createChromiumDiagramRenderer } from '../../src/cli/chromium-diagrams.js'
import { findChromium } from '../../src/cli/find-chromium.js'
import { run } from '../../src/cli/main.js'
import { readImageInfo } from '../../src/docx/media/image-format.js'
import { checkProducedWithOracle, inspect, styleOf } from '../support/docx.js'
import { attr, elements } from '../support/xml.js'

checkProducedWithOracle('cli diagrams')

const ROOT = resolve(import.meta.dirname, '..', '..')
const BIN = join(ROOT, 'dist', 'cli', 'markdocx.mjs')
const EMU_PER_PX = 9525
const TEXT_WIDTH_EMU = (11906 - 2 * 1440) * 635

const chromium = findChromium()
if (!chromium.ok && process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH is set but no usable Chromium: ${chromium.reason}`)

const DOC = `# Diagrams

\`\`\`mermaid
flowchart LR
  A[Start] --> B{Works?}
  B -->|Yes| C[Ship]
\`\`\`

\`\`\`mermaid
sequenceDiagram
  Alice->>Bob: Hello
  Bob-->>: Hi
\`\`\`
`

let work: string

async function cli(argv: string[], env?: NodeJS.ProcessEnv): Promise<{ status: number; stderr: string }> {
  let stderr = ''
  const saved = { ...process.env }
  if (env) Object.assign(process.env, env)
  try {
    const status = await run(argv, { stdin: (async function* () {})(), stdout: { write: () => true }, stderr: { write: (chunk: string) => (stderr += chunk) }, cwd: work })
    return { status, stderr }
  } finally {
    for (const key of Object.keys(env ?? {})) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
  }
}

function processRun(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ status: number; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: work, env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ status: code ?? -1, stderr }))
  })
}

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'markdocx-diagrams-'))
  writeFileSync(join(work, 'doc.md'), DOC)
  if (!existsSync(BIN) || statSync(BIN).mtimeMs < newestSource(join(ROOT, 'src'))) await promisify(execFile)('npm', ['run', 'build:cli'], { cwd: ROOT })
}, 120_000)

describe.skipIf(!chromium.ok)('the CLI draws Mermaid diagrams with the system Chromium', () => {
  it('embeds the diagram as a 2× PNG fitted to the text width; a broken one stays code, with mermaid’s error on its line', async () => {
    const { status, stderr } = await cli(['doc.md', '-o', 'out.docx'])
    expect(status).toBe(0)
    expect(stderr).toBe("doc.md:12:1: Mermaid diagram not drawn (Parse error: Expecting 'link', '+', '-', '()', 'ACTOR', got 'TXT'); its code is kept [diagram-not-rendered]\n")
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'out.docx'))), [], 'cli diagrams')
    expect(produced.blocks.map(styleOf)).toEqual(['Heading1', 'Figure', 'SourceCode'])
    const extent = elements(produced.blocks[1]!, 'wp:extent')[0]!
    const [cx, cy] = [Number(attr(extent, 'cx')), Number(attr(extent, 'cy'))]
    expect(cx).toBeGreaterThan(200 * EMU_PER_PX)
    expect(cx).toBeLessThanOrEqual(TEXT_WIDTH_EMU)
    expect(cy).toBeGreaterThan(30 * EMU_PER_PX)
    const media = produced.pkg.paths.filter((path) => path.startsWith('word/media/'))
    expect(media).toHaveLength(1)
    const info = readImageInfo(produced.pkg.bytes(media[0]!)!)!
    expect(info.format).toBe('png')
    // Drawn at twice its size: sharp in print.
    expect(info.width).toBeGreaterThanOrEqual(Math.floor((2 * cx) / EMU_PER_PX) - 2)
    expect(attr(elements(produced.blocks[1]!, 'wp:docPr')[0], 'descr')).toContain('A[Start] --> B{Works?}')
  })

  it('the bundled executable draws them too (playwright and mermaid found beside dist/cli)', async () => {
    const { status, stderr } = await processRun(['doc.md', '-o', 'proc.docx'], { ...process.env, CHROMIUM_PATH: chromium.ok ? chromium.path : '' })
    expect(status).toBe(0)
    expect(stderr).toContain('[diagram-not-rendered]')
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'proc.docx'))), [], 'cli diagrams process')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(1)
  })

  it('draws a git graph, whose commit ids mermaid takes from Math.random, the same every time', async () => {
    const source = 'gitGraph\n  commit\n  commit\n  branch develop\n  checkout develop\n  commit\n  checkout main\n  merge develop'
    const drawings = []
    for (let browser = 0; browser < 2; browser++) {
      const renderer = createChromiumDiagramRenderer({ executablePath: chromium.ok ? chromium.path : '' })
      try {
        drawings.push(await renderer.render(source, { kind: 'mermaid' }), await renderer.render(source, { kind: 'mermaid' }))
      } finally {
        await renderer.close()
      }
    }
    const [first] = drawings
    if (!first?.ok) throw new Error('the git graph was not drawn')
    // Its commits are labelled with their ids ("0-…").
    expect(first.svg).toMatch(/>0-[0-9a-f]{7}</)
    for (const drawing of drawings) expect(drawing).toEqual(first)
  }, 120_000)

  it('one browser draws many diagrams, and a diagram that takes too long is given up', async () => {
    const renderer = createChromiumDiagramRenderer({ executablePath: chromium.ok ? chromium.path : '' })
    try {
      const results = await Promise.all(['graph TD\n  A --> B', 'pie title Pets\n  "Dogs" : 3\n  "Cats" : 2', 'graph TD\n  A -->'].map((source) => renderer.render(source, { kind: 'mermaid' })))
      expect(results.map((result) => result.ok)).toEqual([true, true, false])
      const slow = createChromiumDiagramRenderer({ executablePath: chromium.ok ? chromium.path : '', timeoutMs: 1 })
      try {
        expect(await slow.render('graph TD\n  A --> B', { kind: 'mermaid' })).toEqual({ ok: false, error: 'drawing it took longer than 1 ms' })
      } finally {
        await slow.close()
      }
    } finally {
      await renderer.close()
    }
  })
})

describe('the CLI without diagrams drawn', () => {
  it('--no-diagrams keeps them as code, with one note', async () => {
    const { status, stderr } = await cli(['doc.md', '--no-diagrams', '-o', 'plain.docx'])
    expect(status).toBe(0)
    expect(stderr).toBe('doc.md:3:1: 2 diagrams stay code blocks: they are not drawn with --no-diagrams [diagram-no-renderer]\n')
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'plain.docx'))), [], 'cli no diagrams')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(0)
  })

  it('without a browser (CHROMIUM_PATH naming nothing) keeps them as code, with one note saying why', async () => {
    const { status, stderr } = await cli(['doc.md', '-o', 'nobrowser.docx'], { CHROMIUM_PATH: '/nonexistent/chromium' })
    expect(status).toBe(0)
    expect(stderr).toBe('doc.md:3:1: 2 diagrams stay code blocks: CHROMIUM_PATH (/nonexistent/chromium) is not an executable file [diagram-no-renderer]\n')
  })
})

describe.skipIf(!chromium.ok)('diagrams mermaid will not draw', () => {
  it('a diagram past mermaid’s size limit is a failure (not a picture of mermaid’s “too big” box)', async () => {
    const renderer = createChromiumDiagramRenderer({ executablePath: chromium.ok ? chromium.path : '' })
    try {
      const huge = `graph TD\n${Array.from({ length: 6000 }, (_, i) => `  n${i} --> n${i + 1}`).join('\n')}`
      expect(await renderer.render(huge, { kind: 'mermaid' })).toEqual({ ok: false, error: "the diagram is longer than mermaid's limit of 50000 characters" })
    } finally {
      await renderer.close()
    }
  })
})
