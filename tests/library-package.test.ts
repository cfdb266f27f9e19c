/**
 * The library as a user installs it: `import … from 'markdocx'` (and `'markdocx/node'`),
 * resolved through package.json's `exports` to the built bundle in dist/lib, with its
 * declarations in dist/types — the same names as src/index.ts, and it converts.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { beforeAll, describe, expect, it } from 'vitest'
import * as source from '../src/index.js'
import { checkStructure } from './support/structure.js'

const ROOT = resolve(import.meta.dirname, '..')
const BUNDLE = join(ROOT, 'dist', 'lib', 'index.js')

function newestSource(dir: string): number {
  return Math.max(...execFileSync('git', ['ls-files', dir], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean).map((file) => (existsSync(join(ROOT, file)) ? statSync(join(ROOT, file)).mtimeMs : 0)))
}

beforeAll(() => {
  if (!existsSync(BUNDLE) || !existsSync(join(ROOT, 'dist', 'types', 'index.d.ts')) || statSync(BUNDLE).mtimeMs < newestSource('src')) {
    execFileSync('npm', ['run', '--silent', 'build:lib'], { cwd: ROOT, stdio: 'ignore' })
  }
}, 180_000)

describe("the built library, imported as 'markdocx'", () => {
  it('exports the same names as src/index.ts', async () => {
    const built = await import('markdocx')
    expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort())
  })

  it('converts Markdown to a valid package', async () => {
    const { markdownToDocx } = await import('markdocx')
    const { data, messages } = await markdownToDocx('# Title\n\nText with a note[^1].\n\n[^1]: The note.\n')
    expect(checkStructure(data)).toEqual([])
    expect(messages).toEqual([])
  })

  it('works as a unified plugin whose result packs to a .docx', async () => {
    const { default: remarkDocx, packDocx } = await import('markdocx')
    const file = await unified().use(remarkParse).use(remarkGfm).use(remarkDocx).process('# Hi\n\n- a\n- b\n')
    const bytes = await packDocx(file.result as Parameters<typeof packDocx>[0])
    expect(checkStructure(bytes)).toEqual([])
  })

  it("gives Node users the CLI's image loader from 'markdocx/node'", async () => {
    const { createNodeImageLoader } = await import('markdocx/node')
    const { markdownToDocx } = await import('markdocx')
    const loadImage = createNodeImageLoader({ baseDir: join(ROOT, 'fixtures', 'images') })
    const { data, messages } = await markdownToDocx('![a PNG](diagram.png)\n', { loadImage })
    expect(messages.filter((m) => m.ruleId === 'image-missing')).toEqual([])
    expect(checkStructure(data)).toEqual([])
  })
})
