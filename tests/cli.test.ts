/**
 * The CLI, in-process (`run` with captured streams) and as a real process (the bundled
 * dist/cli/markdocx.mjs, rebuilt by `npm run build:cli` when missing or older than src/).
 * Every .docx it writes goes through the structural checks (and, at the end, the oracle).
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { run, type CliIo } from '../src/cli/main.js'
import { checkProducedWithOracle, inspect, textOf } from './support/docx.js'
import { png } from './support/images.js'
import { attr, elements } from './support/xml.js'

checkProducedWithOracle('cli')

const ROOT = resolve(import.meta.dirname, '..')
const BIN = join(ROOT, 'dist', 'cli', 'markdocx.mjs')
const exec = promisify(execFile)

interface Outcome {
  status: number
  stdout: Buffer
  stderr: string
}

/** Runs the CLI in-process with the given arguments, standard input and working folder. */
async function cli(argv: string[], options: { stdin?: string; cwd?: string } = {}): Promise<Outcome> {
  const out: Buffer[] = []
  let err = ''
  const io: CliIo = {
    stdin: (async function* () {
      if (options.stdin !== undefined) yield new TextEncoder().encode(options.stdin)
    })(),
    stdout: { write: (chunk) => out.push(Buffer.from(chunk)) },
    stderr: { write: (chunk) => (err += chunk) },
    cwd: options.cwd ?? work,
  }
  const status = await run(argv, io)
  return { status, stdout: Buffer.concat(out), stderr: err }
}

/** Runs the bundled executable as a separate process. */
function processRun(argv: string[], options: { stdin?: string | Buffer; cwd?: string } = {}): Promise<Outcome> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: options.cwd ?? work, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ status: code ?? -1, stdout: Buffer.concat(out), stderr: err }))
    child.stdin.end(options.stdin ?? '')
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

const DOC = `# Title

Some text with a [link](https://example.com) and a note[^1].

- one
- two

![present](pic.png) ![absent](missing.png)

[^1]: The note.
`

let work: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'markdocx-cli-'))
  writeFileSync(join(work, 'doc.md'), DOC)
  writeFileSync(join(work, 'pic.png'), png(40, 20))
  writeFileSync(join(work, 'second.md'), '# Second\n\nText.\n')
  mkdirSync(join(work, 'sub'))
  writeFileSync(join(work, 'sub', 'nested.md'), '![relative to this file](../pic.png)\n')
  mkdirSync(join(work, 'other'))
  writeFileSync(join(work, 'other', 'doc.md'), '# Another doc.md\n')
  if (!existsSync(BIN) || statSync(BIN).mtimeMs < newestSource(join(ROOT, 'src'))) {
    await exec('npm', ['run', 'build:cli'], { cwd: ROOT })
  }
}, 120_000)

describe('markdocx CLI, in-process', () => {
  it('converts in.md -o out.docx, exit 0, messages on stderr as file:line:column: message [rule]', async () => {
    const { status, stderr } = await cli(['doc.md', '-o', 'out.docx'])
    expect(status).toBe(0)
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'out.docx'))), [], 'cli out.docx')
    expect(textOf(produced.document)).toContain('Some text with a link')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(1)
    // The missing image is a message, not a failure.
    expect(stderr).toMatch(/^doc\.md:8:\d+: Image "missing\.png" is not in the document: .* \[image-missing\]$/m)
  })

  it('writes beside the input when no -o is given, resolving images relative to the Markdown file', async () => {
    const { status, stderr } = await cli(['sub/nested.md'])
    expect(status).toBe(0)
    expect(stderr).toBe('')
    const produced = inspect(new Uint8Array(readFileSync(join(work, 'sub', 'nested.docx'))), [], 'cli nested')
    expect(elements(produced.document, 'w:drawing')).toHaveLength(1)
  })

  it('reads standard input and writes standard output with -', async () => {
    const { status, stdout, stderr } = await cli(['-', '-o', '-'], { stdin: '# From stdin\n\n[gone](#nowhere)\n' })
    expect(status).toBe(0)
    const produced = inspect(new Uint8Array(stdout), [], 'cli stdout')
    expect(textOf(produced.document)).toContain('From stdin')
    expect(stderr).toMatch(/^<stdin>:3:1: .*\[link-anchor-missing\]$/m)
  })

  it('converts several inputs into a folder (created if needed)', async () => {
    const { status } = await cli(['doc.md', 'second.md', '-o', 'out-folder/'])
    expect(status).toBe(0)
    expect(readdirSync(join(work, 'out-folder')).sort()).toEqual(['doc.docx', 'second.docx'])
    for (const name of ['doc.docx', 'second.docx']) inspect(new Uint8Array(readFileSync(join(work, 'out-folder', name))), [], `cli ${name}`)
  })

  it('applies --page-size, --orientation and --margins', async () => {
    const { status } = await cli(['second.md', '-o', 'letter.docx', '--page-size', 'letter', '--orientation', 'landscape', '--margins', '2cm,1in,2cm,1in'])
    expect(status).toBe(0)
    const { document } = inspect(new Uint8Array(readFileSync(join(work, 'letter.docx'))), [], 'cli letter')
    const pgSz = elements(document, 'w:pgSz')[0]!
    expect([attr(pgSz, 'w:w'), attr(pgSz, 'w:h'), attr(pgSz, 'w:orient')]).toEqual(['15840', '12240', 'landscape'])
    const pgMar = elements(document, 'w:pgMar')[0]!
    expect([attr(pgMar, 'w:top'), attr(pgMar, 'w:right'), attr(pgMar, 'w:bottom'), attr(pgMar, 'w:left')]).toEqual(['1134', '1440', '1134', '1440'])
  })

  it('prints help (exit 0) and the version', async () => {
    const help = await cli(['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout.toString()).toMatch(/^Usage: markdocx/)
    for (const option of ['-o, --output', '--page-size', '--orientation', '--margins']) expect(help.stdout.toString()).toContain(option)
    const version = await cli(['--version'])
    expect(version.stdout.toString()).toBe(`markdocx ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`)
  })

  it('exits 2 with a clear message on bad usage', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no input file given/],
      [['doc.md', '--page-size', 'A3'], /--page-size must be one of A4, Letter, Legal \(got "A3"\)/],
      [['doc.md', '--orientation', 'sideways'], /--orientation must be portrait or landscape/],
      [['doc.md', '--margins', '1in,2in'], /--margins must be one length or four/],
      [['doc.md', '--bogus'], /unknown option --bogus/],
      [['doc.md', '-o'], /-o needs a value/],
      [['doc.md', 'second.md', '-o', '-'], /several inputs cannot all go to standard output/],
      [['doc.md', 'second.md', '-o', 'doc.md'], /-o must name a folder/],
      [['-', '-'], /standard input \(-\) can be read only once/],
      [['doc.md', 'other/doc.md', '-o', 'same/'], /doc\.md and other\/doc\.md would both be written to .*same\/doc\.docx/],
    ]
    for (const [argv, message] of cases) {
      const { status, stderr } = await cli(argv)
      expect(status, argv.join(' ')).toBe(2)
      expect(stderr, argv.join(' ')).toMatch(message)
      expect(stderr).toMatch(/Try 'markdocx --help'/)
    }
  })

  it('exits 1 when an input cannot be read, still converting the others', async () => {
    const { status, stderr } = await cli(['nope.md', 'second.md', '-o', 'partial/'])
    expect(status).toBe(1)
    expect(stderr).toMatch(/^markdocx: cannot read nope\.md: no such file$/m)
    expect(existsSync(join(work, 'partial', 'second.docx'))).toBe(true)
    const folder = await cli(['sub'])
    expect(folder.status).toBe(1)
    expect(folder.stderr).toMatch(/cannot read sub: it is a folder/)
  })

  it('exits 1 when the output cannot be written, leaving no half-written file', async () => {
    writeFileSync(join(work, 'blocker'), 'a file, not a folder')
    const { status, stderr } = await cli(['second.md', '-o', 'blocker/out.docx'])
    expect(status).toBe(1)
    expect(stderr).toMatch(/markdocx: cannot convert second\.md: /)
  })

  it('never overwrites an input with its conversion (exit 1, input untouched)', async () => {
    writeFileSync(join(work, 'keep.md'), '# keep me\n')
    const same = await cli(['keep.md', '-o', 'keep.md'])
    expect(same.status).toBe(1)
    expect(same.stderr).toMatch(/not converting keep\.md: the output would overwrite it/)
    expect(readFileSync(join(work, 'keep.md'), 'utf8')).toBe('# keep me\n')
    writeFileSync(join(work, 'notes.docx'), '# a Markdown file named .docx\n')
    expect((await cli(['notes.docx'])).status).toBe(1)
    expect(readFileSync(join(work, 'notes.docx'), 'utf8')).toBe('# a Markdown file named .docx\n')
  })

  it('stays quiet with -q', async () => {
    const { status, stderr } = await cli(['doc.md', '-o', 'quiet.docx', '-q'])
    expect(status).toBe(0)
    expect(stderr).toBe('')
  })
})

describe('markdocx CLI, as a process', () => {
  it('converts a file (exit 0) with messages on stderr', async () => {
    const { status, stderr } = await processRun(['doc.md', '-o', 'proc.docx'])
    expect(status).toBe(0)
    expect(stderr).toMatch(/^doc\.md:\d+:\d+: .*\[image-missing\]$/m)
    inspect(new Uint8Array(readFileSync(join(work, 'proc.docx'))), [], 'process file')
  })

  it('pipes stdin to stdout (cat in.md | markdocx - -o - > out.docx)', async () => {
    const { status, stdout } = await processRun(['-', '-o', '-'], { stdin: DOC })
    expect(status).toBe(0)
    expect(stdout.subarray(0, 2).toString()).toBe('PK')
    inspect(new Uint8Array(stdout), [], 'process stdout')
  })

  it('reports usage errors with exit 2 and unreadable inputs with exit 1', async () => {
    expect((await processRun(['--nope'])).status).toBe(2)
    const missing = await processRun(['missing.md'])
    expect(missing.status).toBe(1)
    expect(missing.stderr).toMatch(/cannot read missing\.md/)
  })

  it('prints --help', async () => {
    const { status, stdout } = await processRun(['--help'])
    expect(status).toBe(0)
    expect(stdout.toString()).toContain('Usage: markdocx')
  })
})
