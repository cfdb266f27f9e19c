/**
 * `markdocx in.docx -o out.md`: the CLI reads a Word document back into Markdown, its pictures
 * beside the output; by extension or (standard input) by its bytes.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { run, type CliIo } from '../../src/cli/main.js'
import { markdownToDocx } from '../../src/convert.js'
import { checkProducedWithOracle, inspect } from '../support/docx.js'
import { png } from '../support/images.js'

checkProducedWithOracle('cli-import')

let work: string

async function cli(argv: string[], stdin?: Uint8Array): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: Buffer[] = []
  let err = ''
  const io: CliIo = {
    stdin: (async function* () {
      if (stdin) yield stdin
    })(),
    stdout: { write: (chunk) => out.push(Buffer.from(chunk)) },
    stderr: { write: (chunk) => (err += chunk) },
    cwd: work,
  }
  const status = await run(argv, io)
  return { status, stdout: Buffer.concat(out).toString(), stderr: err }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'markdocx-import-cli-'))
  writeFileSync(join(work, 'pic.png'), png(40, 20))
  const markdown = '# Report\n\nText with a *word* and a {==phrase==}{>>A comment.<<}.\n\n![A picture](pic.png)\n'
  const { data } = await markdownToDocx(markdown, { loadImage: async (url) => (url === 'pic.png' ? new Uint8Array(readFileSync(join(work, 'pic.png'))) : undefined) })
  writeFileSync(join(work, 'report.docx'), inspect(data, [], 'report').bytes)
  writeFileSync(join(work, 'second.docx'), inspect((await markdownToDocx('# Second\n')).data, [], 'second').bytes)
})

describe('markdocx in.docx -o out.md', () => {
  it('writes the Markdown and its pictures beside it (exit 0)', async () => {
    const { status, stderr } = await cli(['report.docx', '-o', 'out/report.md'])
    expect(status).toBe(0)
    expect(stderr).toBe('')
    const markdown = readFileSync(join(work, 'out', 'report.md'), 'utf8')
    expect(markdown).toBe('# Report\n\nText with a *word* and a {==phrase==}{>>A comment.<<}.\n\n![A picture](images/image1.png)\n')
    expect(readFileSync(join(work, 'out', 'images', 'image1.png'))).toEqual(readFileSync(join(work, 'pic.png')))
  })

  it('writes beside the input without -o', async () => {
    expect((await cli(['report.docx'])).status).toBe(0)
    expect(existsSync(join(work, 'report.md'))).toBe(true)
    expect(existsSync(join(work, 'images', 'image1.png'))).toBe(true)
  })

  it('writes to standard output with -o -, saying the pictures were not written', async () => {
    const { status, stdout, stderr } = await cli(['report.docx', '-o', '-'])
    expect(status).toBe(0)
    expect(stdout).toContain('# Report')
    expect(stderr).toMatch(/1 picture was not written .*\[import-images-not-written\]/)
  })

  it('knows a Word document on standard input by its bytes', async () => {
    const { status, stdout } = await cli(['-'], new Uint8Array(readFileSync(join(work, 'report.docx'))))
    expect(status).toBe(0)
    expect(stdout).toContain('# Report')
  })

  it('gives each of several documents its own picture folder', async () => {
    expect((await cli(['report.docx', 'second.docx', '-o', 'many/'])).status).toBe(0)
    expect(readdirSync(join(work, 'many')).sort()).toEqual(['report-images', 'report.md', 'second.md'])
    expect(readFileSync(join(work, 'many', 'report.md'), 'utf8')).toContain('](report-images/image1.png)')
  })

  it('refuses -o out.docx for a Word document (exit 2) and says why a file cannot be read (exit 1)', async () => {
    const usage = await cli(['report.docx', '-o', 'copy.docx'])
    expect(usage.status).toBe(2)
    expect(usage.stderr).toMatch(/give -o copy\.md/)
    writeFileSync(join(work, 'fake.docx'), 'not a zip')
    const fake = await cli(['fake.docx', '-o', 'fake.md'])
    expect(fake.status).toBe(1)
    expect(fake.stderr).toMatch(/^fake\.docx: error: Cannot open the file: it is not a \.docx.*\[import-not-docx\]$/m)
    expect(existsSync(join(work, 'fake.md'))).toBe(false)
  })

  it('lists it in --help', async () => {
    expect((await cli(['--help'])).stdout).toContain('markdocx in.docx -o out.md')
  })
})
