/**
 * Every fixture (fixtures/<case>/input.md, images beside it) converted as the CLI converts it
 * (Node image loader, paths relative to the Markdown file, no downloads; sharp converting
 * what Word cannot show; Mermaid diagrams drawn in the system's Chromium), then:
 * - its goldens compared: document.xml (the body), numbering.xml and footnotes.xml when the
 *   document has lists or notes, all in the compact pretty form of tests/support/xml.ts, and
 *   messages.json — `UPDATE_GOLDENS=1` rewrites them;
 * - the project's structural checks (no problem allowed);
 * - the shared oracle, when present: check-docx with 0 errors, and `roundtrip --baseline`:
 *   pandoc must read back the same headings, list items, tables, footnotes, images, links and
 *   code blocks as the Markdown has — or as pandoc reads from its own .docx of the same
 *   Markdown (a reader limit) — or the fixture's fixture.json documents why not.
 *
 * fixture.json (optional): { "options": ConvertOptions, "goldens": "summary",
 * "roundtrip": { "<metric>": "why it differs" }, "needs": "chromium" }. "summary" replaces the
 * XML goldens by a summary.json (for the long document: no giant snapshots). "needs": "chromium"
 * (diagrams): without a Chromium its goldens are not compared — unless CHROMIUM_PATH is set
 * (CI), where a missing browser fails; diagrams' sizes (their text as this machine's Chromium
 * measures it) are left out of document.xml, and checked against the text width instead.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChromiumDiagramRenderer } from '../src/cli/chromium-diagrams.js'
import { findChromium } from '../src/cli/find-chromium.js'
import { createNodeImageLoader } from '../src/cli/node-image-loader.js'
import { createNodeTextLoader } from '../src/cli/node-text-loader.js'
import { createSharpImageConverter } from '../src/cli/sharp-image-converter.js'
import { markdownToDocx, type ConvertOptions } from '../src/convert.js'
import type { Message } from '../src/markdown/messages.js'
import { inspect, styleOf, type Produced } from './support/docx.js'
import { checkDocx, describeProblem, findOracle, roundtrip, sameCount, type CheckResult, type RoundtripKey, type RoundtripReport } from './support/oracle.js'
import { attr, elements, goldenXml } from './support/xml.js'

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures')
const UPDATE = process.env.UPDATE_GOLDENS === '1'
/** The metrics issue 2 asks to survive a round trip through pandoc. */
const ROUNDTRIP_KEYS: RoundtripKey[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ulItems', 'olItems', 'tables', 'footnotes', 'images', 'links', 'codeBlocks']

interface FixtureConfig {
  options?: Omit<ConvertOptions, 'output' | 'loadImage'>
  goldens?: 'xml' | 'summary'
  roundtrip?: Partial<Record<RoundtripKey, string>>
  needs?: 'chromium'
}

interface Converted {
  name: string
  dir: string
  input: string
  docxPath: string
  config: FixtureConfig
  produced: Produced
}

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(FIXTURES, entry.name, 'input.md')))
  .map((entry) => entry.name)
  .sort()

const out = mkdtempSync(join(tmpdir(), 'markdocx-fixtures-'))
const converted = new Map<string, Converted>()
const oracle = findOracle()
const chromium = findChromium()
if (!chromium.ok && process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH is set but diagrams cannot be drawn: ${chromium.reason}`)
const diagrams = chromium.ok ? createChromiumDiagramRenderer({ executablePath: chromium.path }) : undefined
let checks = new Map<string, CheckResult>()
const figures: string[] = []

async function convertFixture(name: string): Promise<Converted> {
  const dir = join(FIXTURES, name)
  const input = join(dir, 'input.md')
  const configPath = join(dir, 'fixture.json')
  const config = existsSync(configPath) ? (JSON.parse(readFileSync(configPath, 'utf8')) as FixtureConfig) : {}
  const markdown = readFileSync(input, 'utf8')
  const { data, messages } = await markdownToDocx(markdown, {
    ...config.options,
    path: 'input.md',
    loadImage: createNodeImageLoader({ baseDir: dir, remote: false }),
    // Citations: the front matter's bibliography beside the Markdown, as the CLI reads it.
    loadFile: createNodeTextLoader({ baseDir: dir }),
    convertImage: createSharpImageConverter(),
    ...(diagrams ? { renderDiagram: diagrams.render } : {}),
  })
  const docxPath = join(out, `${name}.docx`)
  writeFileSync(docxPath, data)
  return { name, dir, input, docxPath, config, produced: inspect(data, messages, name) }
}

/** Messages as golden data: the fixture's folder replaced, so goldens do not depend on the checkout's path. */
function messageGolden(messages: Message[], dir: string): string {
  const portable = messages.map((m) => ({ ...m, reason: m.reason.split(dir).join('<fixture>') }))
  return `${JSON.stringify(portable, null, 2)}\n`
}

/** For large documents: what is in it, counted — styles, tables, lists, notes, drawings, bookmarks. */
function summary(produced: Produced): string {
  const styles: Record<string, number> = {}
  for (const p of elements(produced.document, 'w:p')) {
    const style = styleOf(p) ?? '(none)'
    styles[style] = (styles[style] ?? 0) + 1
  }
  const data = {
    paragraphs: elements(produced.document, 'w:p').length,
    styles: Object.fromEntries(Object.entries(styles).sort()),
    tables: elements(produced.document, 'w:tbl').map((t) => `${elements(t, 'w:tr').length}x${elements(elements(t, 'w:tr')[0]!, 'w:tc').length}`),
    lists: elements(produced.numbering, 'w:num').length,
    footnotes: elements(produced.footnotes, 'w:footnote').filter((f) => !attr(f, 'w:type')).length,
    drawings: elements(produced.document, 'wp:docPr').length,
    bookmarks: elements(produced.document, 'w:bookmarkStart').map((b) => attr(b, 'w:name')),
    hyperlinks: elements(produced.document, 'w:hyperlink').length,
  }
  return `${JSON.stringify(data, null, 2)}\n`
}

/** The golden files of a fixture: name → expected content. */
function goldens(converted: Converted): Map<string, string> {
  const { produced, config, dir } = converted
  const files = new Map<string, string>()
  if (config.goldens === 'summary') files.set('summary.json', summary(produced))
  else {
    const documentXml = goldenXml(produced.pkg.text('word/document.xml')!, { root: 'w:body' })
    files.set('document.xml', config.needs === 'chromium' ? withoutDiagramSizes(documentXml) : documentXml)
    if (elements(produced.numbering, 'w:num').length > 0) files.set('numbering.xml', goldenXml(produced.pkg.text('word/numbering.xml')!))
    if (elements(produced.footnotes, 'w:footnote').some((f) => !attr(f, 'w:type'))) files.set('footnotes.xml', goldenXml(produced.pkg.text('word/footnotes.xml')!))
  }
  files.set('messages.json', messageGolden(produced.messages, dir))
  return files
}

/** Diagrams' extents replaced by a mark: their sizes come from the text as this machine's Chromium measures it. */
function withoutDiagramSizes(xml: string): string {
  return xml.replace(/<w:drawing>[\s\S]*?<\/w:drawing>/g, (drawing) => (/<wp:docPr [^>]*name="Diagram \d+"/.test(drawing) ? drawing.replace(/(<(?:wp:extent|a:ext) )cx="\d+" cy="\d+"/g, '$1cx="(measured)" cy="(measured)"') : drawing))
}

beforeAll(async () => {
  for (const name of cases) converted.set(name, await convertFixture(name))
  if (oracle) {
    const results = await checkDocx(oracle, cases.map((name) => converted.get(name)!.docxPath))
    checks = new Map(results.map((result, index) => [cases[index]!, result]))
  }
}, 300_000)

afterAll(async () => {
  await diagrams?.close()
  if (figures.length > 0) process.stdout.write(`\nOracle figures per fixture (check-docx errors/warnings; roundtrip score pandoc/mammoth):\n${figures.join('\n')}\n`)
})

describe('fixtures', () => {
  it('has a fixture for every construct issue 2 lists', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20)
  })

  for (const name of cases) {
    describe(name, () => {
      it('matches its goldens', (context) => {
        const fixture = converted.get(name)!
        if (fixture.config.needs === 'chromium' && !diagrams) {
          process.stderr.write(`\n[markdocx tests] NOTE: no Chromium (${chromium.ok ? '' : chromium.reason}): the goldens of ${name} are not compared.\n`)
          context.skip()
        }
        for (const [file, actual] of goldens(fixture)) {
          const path = join(fixture.dir, file)
          // A new fixture gets its goldens written (review them!) — except in CI, where a missing golden fails.
          if (UPDATE || (!existsSync(path) && process.env.CI !== 'true')) writeFileSync(path, actual)
          expect(existsSync(path), `${name}/${file} has no golden (run with UPDATE_GOLDENS=1 and review it)`).toBe(true)
          expect(actual, `${name}/${file} differs from its golden (UPDATE_GOLDENS=1 rewrites it)`).toBe(readFileSync(path, 'utf8'))
        }
        // A golden that is no longer produced (a document that lost its lists) must go.
        for (const file of ['document.xml', 'numbering.xml', 'footnotes.xml', 'summary.json']) {
          if (!goldens(fixture).has(file) && existsSync(join(fixture.dir, file))) expect.fail(`${name}/${file} is stale: the conversion no longer produces it`)
        }
      })

      it.skipIf(!oracle)('passes check-docx with 0 errors', () => {
        const result = checks.get(name)
        expect(result, 'check-docx gave no result').toBeDefined()
        expect(result!.errors.map(describeProblem)).toEqual([])
      })

      it.skipIf(!oracle)('reads back in pandoc as the Markdown (or as pandoc’s own .docx) has it', async () => {
        const fixture = converted.get(name)!
        const report: RoundtripReport = await roundtrip(oracle!, fixture.input, fixture.docxPath, { baseline: true })
        const check = checks.get(name)
        figures.push(
          `  ${name.padEnd(20)} ${String(check?.errors.length ?? '?').padStart(2)} errors ${String(check?.warnings.length ?? '?').padStart(2)} warnings   roundtrip ${report.score.pandoc.score}/${report.score.mammoth.score}`,
        )
        const allowed = fixture.config.roundtrip ?? {}
        const differences = report.rows
          .filter((row) => ROUNDTRIP_KEYS.includes(row.key))
          .filter((row) => !sameCount(row.pandoc, row.md) && !sameCount(row.pandoc, row.baseline) && !allowed[row.key])
          .map((row) => `${row.label}: markdown ${JSON.stringify(row.md)}, pandoc reads ${JSON.stringify(row.pandoc)}, from pandoc's own docx ${JSON.stringify(row.baseline)}`)
        expect(differences).toEqual([])
        // An allowance that is no longer needed is a stale excuse.
        for (const key of Object.keys(allowed) as RoundtripKey[]) {
          const row = report.rows.find((r) => r.key === key)
          expect(row && !sameCount(row.pandoc, row.md) && !sameCount(row.pandoc, row.baseline), `${name}: the roundtrip allowance for ${key} is no longer needed`).toBe(true)
        }
      })
    })
  }
})
