/**
 * Long documents are converted on a worker thread with a heap limit (src/cli/isolated-convert.ts):
 * a document that needs more memory than allowed is a message and exit status 1 — never a
 * signal — and the other inputs of the run are still converted; within the limit, the .docx is
 * byte for byte the one the in-process conversion writes, messages included (diagrams are asked
 * of the main thread).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../../src/cli/main.js'
import { ISOLATE_THRESHOLD, workerHeapMb } from '../../src/cli/isolated-convert.js'
import { checkProducedWithOracle, inspect } from '../support/docx.js'

checkProducedWithOracle('cli-isolated')

const BIN = resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'markdocx.mjs')
const work = mkdtempSync(join(tmpdir(), 'markdocx-isolated-'))

/** Over the threshold: paragraphs with marks and links, a diagram, a table. */
function longDocument(paragraphs: number): string {
  const parts = ['# A long document\n', '```mermaid\ngraph TD; A-->B\n```\n', '| a | b |\n|---|---|\n| 1 | 2 |\n']
  for (let index = 0; index < paragraphs; index++) parts.push(`Paragraph ${index} with *emphasis*, \`code\` and a [link](https://example.com/${index}).\n`)
  return parts.join('\n')
}

function processRun(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: work, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code, signal) => resolvePromise({ code, signal, stderr }))
  })
}

describe('CLI: long documents on a worker with a heap limit', () => {
  it('takes the heap from MARKDOCX_HEAP_MB, else from the process', () => {
    expect(workerHeapMb({ MARKDOCX_HEAP_MB: '300' })).toBe(300)
    expect(workerHeapMb({ MARKDOCX_HEAP_MB: 'lots' })).toBeGreaterThan(100)
    expect(workerHeapMb({ MARKDOCX_HEAP_MB: '1' })).toBeGreaterThan(100)
  })

  it('reports a document over the memory allowed, exits 1 without a signal, and converts the rest', async () => {
    expect(existsSync(BIN), 'dist/cli/markdocx.mjs (npm run build:cli)').toBe(true)
    const text = longDocument(12_000)
    expect(text.length).toBeGreaterThan(ISOLATE_THRESHOLD)
    writeFileSync(join(work, 'huge.md'), text)
    writeFileSync(join(work, 'small.md'), '# Small\n\nStill converted.\n')
    const outcome = await processRun(['huge.md', 'small.md', '--no-diagrams', '-o', 'out/'], { MARKDOCX_HEAP_MB: '24' })
    expect(outcome.signal).toBeNull()
    expect(outcome.code, outcome.stderr).toBe(1)
    expect(outcome.stderr).toContain('markdocx: cannot convert huge.md: it needs more than the 24 MB of memory allowed')
    expect(existsSync(join(work, 'out', 'huge.docx'))).toBe(false)
    inspect(new Uint8Array(readFileSync(join(work, 'out', 'small.docx'))), [], 'small')
  }, 120_000)

  it('writes what the in-process conversion writes, messages included', async () => {
    expect(existsSync(BIN), 'dist/cli/markdocx.mjs (npm run build:cli)').toBe(true)
    writeFileSync(join(work, 'long.md'), longDocument(4_000))
    const isolated = await processRun(['long.md', '--no-diagrams', '-o', 'isolated.docx'])
    expect(isolated.code, isolated.stderr).toBe(0)
    let stderr = ''
    // In-process: no bundle is given, so nothing is isolated.
    const status = await run(['long.md', '--no-diagrams', '-o', 'inline.docx'], { stdin: (async function* () {})(), stdout: { write: () => true }, stderr: { write: (chunk) => (stderr += chunk) }, cwd: work })
    expect(status).toBe(0)
    expect(isolated.stderr).toBe(stderr)
    // The diagram's message came through the main thread's renderer.
    expect(stderr).toMatch(/--no-diagrams/)
    const bytes = new Uint8Array(readFileSync(join(work, 'isolated.docx')))
    expect(Buffer.from(bytes).equals(readFileSync(join(work, 'inline.docx')))).toBe(true)
    inspect(bytes, [], 'isolated')
  }, 120_000)
})
