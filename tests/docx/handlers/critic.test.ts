/**
 * CriticMarkup tracked changes in Word (handlers/critic.ts, changes.ts): the w:ins / w:del
 * structure, and what accepting and rejecting every change gives — worked out from the
 * document.xml as Word does it, and held equal to the paragraphs of the Markdown with its
 * changes accepted or rejected as text.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Element } from '@xmldom/xmldom'
import { u } from 'unist-builder'
import { describe, expect, it } from 'vitest'
import { checkProducedWithOracle, fromMarkdown, fromTree, ruleIds, runFormat, type Produced } from '../../support/docx.js'
import { attr, childElements, elements } from '../../support/xml.js'

checkProducedWithOracle('critic handlers')

/** The parent chain of a node, nearest first. */
function ancestors(node: Element): Element[] {
  const out: Element[] = []
  for (let at = node.parentNode as Element | null; at && at.nodeType === 1; at = at.parentNode as Element | null) out.push(at)
  return out
}

/**
 * The body's paragraphs after Accept All (or Reject All) as Word applies them: changes of the
 * other kind go with their text, deleted rows go, and a paragraph whose mark goes joins the next.
 */
function resolved(produced: Produced, mode: 'accept' | 'reject'): string[] {
  const gone = mode === 'accept' ? 'w:del' : 'w:ins'
  const out: string[] = []
  let carried = ''
  for (const paragraph of elements(produced.body, 'w:p')) {
    const row = ancestors(paragraph).find((e) => e.nodeName === 'w:tr')
    const rowProperties = row && childElements(row).find((e) => e.nodeName === 'w:trPr')
    if (rowProperties && elements(rowProperties, gone).length > 0) continue
    let text = ''
    for (const node of [...elements(paragraph, 'w:t'), ...elements(paragraph, 'w:delText')].sort(documentOrder)) {
      const inside = ancestors(node)
      if (inside.some((e) => e.nodeName === gone)) continue
      text += node.textContent ?? ''
    }
    const properties = childElements(paragraph).find((e) => e.nodeName === 'w:pPr')
    const markProperties = properties && childElements(properties).find((e) => e.nodeName === 'w:rPr')
    const markGoes = markProperties ? childElements(markProperties).some((e) => e.nodeName === gone) : false
    if (markGoes) carried += text
    else {
      out.push(carried + text)
      carried = ''
    }
  }
  if (carried) out.push(carried)
  return out.map((text) => text.replace(/\s+/g, ' ').trim())
}

function documentOrder(a: Element, b: Element): number {
  return a.compareDocumentPosition(b) & 4 ? -1 : 1
}

/** CriticMarkup applied as text: every change accepted (or rejected). */
function asText(markdown: string, mode: 'accept' | 'reject'): string {
  return markdown
    .replace(/\{\+\+([\s\S]*?)\+\+\}/g, (_, text: string) => (mode === 'accept' ? text : ''))
    .replace(/\{--([\s\S]*?)--\}/g, (_, text: string) => (mode === 'accept' ? '' : text))
    .replace(/\{~~([\s\S]*?)~>([\s\S]*?)~~\}/g, (_, old: string, neu: string) => (mode === 'accept' ? neu : old))
}

const stamp = (element: Element | undefined) => [attr(element, 'w:id'), attr(element, 'w:author'), attr(element, 'w:date')]

describe('inline changes', () => {
  it('wrap their runs in w:ins and w:del, deleted text as w:delText, formatting kept', async () => {
    const { blocks } = await fromMarkdown('a {++*new*++} b {--**old**--} c\n')
    const ins = elements(blocks[0]!, 'w:ins')[0]!
    const del = elements(blocks[0]!, 'w:del')[0]!
    expect(runFormat(elements(ins, 'w:r')[0]!)).toContain('w:i')
    expect(elements(ins, 'w:t').map((t) => t.textContent)).toEqual(['new'])
    expect(runFormat(elements(del, 'w:r')[0]!)).toContain('w:b')
    expect(elements(del, 'w:t')).toEqual([])
    expect(elements(del, 'w:delText').map((t) => t.textContent)).toEqual(['old'])
  })

  it('take author and date from the front matter (none without one: never the clock), with ids no other annotation has', async () => {
    const dated = await fromMarkdown('---\nauthor: [Ada Lovelace, B]\ndate: 2024-05-01\n---\n\nx {++a++}{--b--} {==c==}{>>note<<}\n')
    const changes = [...elements(dated.body, 'w:ins'), ...elements(dated.body, 'w:del')]
    expect(changes.map(stamp).map(([, author, date]) => [author, date])).toEqual([
      ['Ada Lovelace', '2024-05-01T12:00:00Z'],
      ['Ada Lovelace', '2024-05-01T12:00:00Z'],
    ])
    const ids = [...changes.map((e) => attr(e, 'w:id')), ...elements(dated.body, 'w:commentRangeStart').map((e) => attr(e, 'w:id'))]
    expect(new Set(ids).size).toBe(ids.length)
    const undated = await fromMarkdown('x {++a++}\n')
    expect(stamp(elements(undated.body, 'w:ins')[0])).toEqual([expect.any(String), 'markdocx', undefined])
  })

  it('go inside a hyperlink, which a change may not hold', async () => {
    const { blocks } = await fromMarkdown('{++see [the site](https://example.com) now++} and {--[old](https://example.org)--}\n')
    const links = elements(blocks[0]!, 'w:hyperlink')
    expect(links).toHaveLength(2)
    for (const link of links) expect(ancestors(link).some((e) => e.nodeName === 'w:ins' || e.nodeName === 'w:del')).toBe(false)
    expect(childElements(links[0]!).map((e) => e.nodeName)).toEqual(['w:ins'])
    expect(elements(childElements(links[1]!)[0]!, 'w:delText').map((t) => t.textContent)).toEqual(['old'])
  })

  it('nest a change of the other kind as Word does: inserted, then deleted', async () => {
    const { blocks } = await fromMarkdown('{--a {++b++} c--}\n')
    const inner = elements(blocks[0]!, 'w:ins')[0]!
    expect(childElements(inner).map((e) => e.nodeName)).toEqual(['w:del'])
    expect(elements(inner, 'w:delText').map((t) => t.textContent)).toEqual(['b'])
  })

  it('track footnote references and comments inside a change', async () => {
    const produced = await fromMarkdown('Text{++ with a note[^1] and a comment{>>why<<}++}.\n\n[^1]: Note.\n')
    const ins = elements(produced.blocks[0]!, 'w:ins')
    expect(ins.flatMap((e) => elements(e, 'w:footnoteReference'))).toHaveLength(1)
    expect(ins.flatMap((e) => elements(e, 'w:commentReference'))).toHaveLength(1)
  })

  it('leave equations outside the change, with a note', async () => {
    const { blocks, messages } = await fromMarkdown('a {++$x^2$ and y++} b\n')
    expect(elements(blocks[0]!, 'm:oMath')).toHaveLength(1)
    expect(ancestors(elements(blocks[0]!, 'm:oMath')[0]!).some((e) => e.nodeName === 'w:ins')).toBe(false)
    expect(elements(blocks[0]!, 'w:ins')).toHaveLength(1)
    expect(ruleIds(messages)).toEqual(['critic-math-untracked'])
  })

  it('leave deleted text out of a heading’s contents entry (the heading as it reads once accepted)', async () => {
    const { document } = await fromMarkdown('---\ntoc: true\n---\n\n# Results {--old--}{++new++}\n')
    const entries = elements(document, 'w:p').filter((p) => elements(p, 'w:pStyle').some((s) => attr(s, 'w:val') === 'TOC1'))
    expect(entries.map((p) => elements(p, 'w:t').map((t) => t.textContent).join(''))).toEqual([expect.stringMatching(/^Results new/)])
  })

  it('compile from an inline tree (a caller’s handlers see the same node types)', async () => {
    const { blocks } = await fromTree(u('root', [u('paragraph', [u('text', 'a '), u('criticInsertion', [u('text', 'b')]), u('criticDeletion', [u('text', 'c')])])]) as never)
    expect(childElements(blocks[0]!).map((e) => e.nodeName)).toEqual(['w:pPr', 'w:r', 'w:ins', 'w:del'])
  })
})

describe('changes across paragraphs', () => {
  it('track a paragraph break as the paragraph’s mark (w:pPr/w:rPr/w:ins)', async () => {
    const { blocks } = await fromMarkdown('One.{++\n\n++} Two.\n')
    const mark = elements(blocks[0]!, 'w:pPr')[0]!
    expect(elements(mark, 'w:rPr').flatMap((rPr) => childElements(rPr).map((e) => e.nodeName))).toEqual(['w:ins'])
  })

  it('track every paragraph of whole blocks, and table rows as rows', async () => {
    const produced = await fromMarkdown('X\n\n{--\n\n- a\n- b\n\n| h |\n|---|\n| 1 |\n\n--}\n\nY\n')
    const rows = elements(produced.body, 'w:tr')
    expect(rows.map((row) => elements(childElements(row).find((e) => e.nodeName === 'w:trPr')!, 'w:del').length)).toEqual([1, 1])
    const listParagraphs = elements(produced.body, 'w:p').filter((p) => elements(p, 'w:numPr').length > 0)
    for (const paragraph of listParagraphs) expect(elements(paragraph, 'w:pPr').flatMap((pPr) => elements(pPr, 'w:del'))).toHaveLength(1)
  })

  const cases = [
    'The results {++clearly ++}exceed {--every--} the forecast{~~ by far~> by a wide margin~~}.',
    'X\n\n{++This whole paragraph is new.++}\n\n{--This whole paragraph goes.--}\n\nY',
    'One paragraph.{++\n\n++} Now two.',
    'Two paragraphs{--\n\n--} become one.',
    'A{++x\n\nM\n\ny++}B',
    'A{--x\n\nM\n\ny--}B',
    'Intro.\n\n{++\n\n- a new item\n- and another\n\n++}\n\nAfter.',
    'Intro.\n\n{--\n\n# A heading\n\nand text\n\n--}\n\nAfter.',
    'X\n\n{~~Old paragraph.\n\n~>\n\nNew paragraph.~~}\n\nY',
    'A{++\n\nM\n\n++}\n\nX',
    'X\n\n{--\n\nM\n\n--}Y',
    'added.{~~\n\n~>  ~~}Next.',
    'spaces.{~~  ~>\n\n~~}Next.',
    '> Quote {++one.\n>\n> Two++} three.',
    '- item {--a\n\n  b--} c',
    '# Title{++\n\nFirst paragraph.++}\n\nText.',
    '| a | b |\n|---|---|\n| {++x++} | {--y--} |',
    // A deletion inside an insertion, across blocks: inserted, then deleted.
    'Intro.\n\n{++\n\n- a\n\n  {--\n\n  b\n\n  | x |\n  |---|\n  | 1 |\n\n  --}\n\n  c\n\n++}\n\nEnd.',
  ]

  for (const markdown of cases) {
    it(`gives the new paragraphs on accepting and the old on rejecting: ${JSON.stringify(markdown).slice(0, 60)}`, async () => {
      const produced = await fromMarkdown(`${markdown}\n`)
      for (const mode of ['accept', 'reject'] as const) {
        const expected = resolved(await fromMarkdown(`${asText(markdown, mode)}\n`), mode)
        expect(resolved(produced, mode), mode).toEqual(expected)
      }
    })
  }
})

describe('read back by pandoc', () => {
  it.skipIf(!hasPandoc())('as insertions, deletions and paragraph insertions (--track-changes=all)', async () => {
    const { bytes } = await fromMarkdown('---\nauthor: Ada\n---\n\nA {++new++} and {--old--}.{++\n\n++}Split.\n')
    const dir = mkdtempSync(join(tmpdir(), 'markdocx-critic-'))
    try {
      const path = join(dir, 'critic.docx')
      writeFileSync(path, bytes)
      const all = execFileSync('pandoc', [path, '-f', 'docx', '-t', 'markdown', '--wrap=none', '--track-changes=all'], { encoding: 'utf8' })
      expect(all).toContain('[new]{.insertion author="Ada"}')
      expect(all).toContain('[old]{.deletion author="Ada"}')
      expect(all).toContain('{.paragraph-insertion author="Ada"}')
      const rejected = execFileSync('pandoc', [path, '-f', 'docx', '-t', 'plain', '--wrap=none', '--track-changes=reject'], { encoding: 'utf8' })
      // pandoc joins the paragraphs with a space of its own.
      expect(rejected.trim()).toMatch(/^A and old\. ?Split\.$/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

function hasPandoc(): boolean {
  try {
    execFileSync('pandoc', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
