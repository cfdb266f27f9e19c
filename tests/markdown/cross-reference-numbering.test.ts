/**
 * The one numbering rule (mdast/cross-references.ts) and what references read, as
 * pandoc-crossref writes them; the settings from the front matter.
 */
import type { Heading, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { crossReferenceSettings } from '../../src/mdast/cross-reference-settings.js'
import { crossReferenceNumbers, formatCrossReference, htmlFigureCount, referenceText, withoutTypedNumber, type CrossReferenceNumbers } from '../../src/mdast/cross-references.js'
import { readFrontMatter } from '../../src/mdast/front-matter.js'
import type { CrossReference } from '../../src/mdast/nodes.js'
import { sectionNumbers } from '../../src/mdast/section-numbers.js'
import { walk } from '../../src/mdast/walk.js'

function numbered(markdown: string, options: { sections?: boolean } = {}): { tree: Root; numbers: CrossReferenceNumbers } {
  const { tree } = parseMarkdown(markdown)
  const headings: Heading[] = []
  walk(tree, (node) => {
    if (node.type === 'heading') headings.push(node as Heading)
  })
  return { tree, numbers: crossReferenceNumbers(tree, { sectionNumbers: options.sections ? sectionNumbers(headings) : undefined }) }
}

/** What each reference of the document reads, in order. */
function read(markdown: string, options: { sections?: boolean } = {}): string[] {
  const { tree, numbers } = numbered(markdown, options)
  const settings = crossReferenceSettings(readFrontMatter(tree).extra, undefined)
  const out: string[] = []
  walk(tree, (node) => {
    if (node.type === 'crossReference') out.push(referenceText(formatCrossReference(node as CrossReference, numbers, settings)))
  })
  return out
}

const FIGURES = '![A](a.png){#fig:a}\n\n![B](b.png){#fig:b}\n\n![C](c.png){#fig:c}\n\n![D](d.png){#fig:d}\n\n![E](e.png){#fig:e}\n'

describe('numbering', () => {
  it('counts every captioned figure (labelled or titled), as Word’s SEQ fields count them', () => {
    const { numbers } = numbered('![untitled](u.png)\n\n![t](t.png "Title")\n\n![A](a.png){#fig:a}\n\nText ![inline](i.png){#fig:i} here.\n\n![B](b.png){#fig:b}\n')
    expect(numbers.target('fig:a')?.number).toBe('2')
    expect(numbers.target('fig:b')?.number).toBe('3')
    // An image inside running text is no figure: its label names nothing.
    expect(numbers.target('fig:i')).toBeUndefined()
    expect(numbers.counts.figure).toBe(3)
  })

  it('counts a ![alt][ref] figure when its definition has a title', () => {
    const { numbers } = numbered('![x][one]\n\n![y][two]\n\n![z](z.png){#fig:z}\n\n[one]: one.png "One"\n[two]: two.png\n')
    expect(numbers.target('fig:z')?.number).toBe('2')
  })

  it('counts every table caption, labelled equations and listings only', () => {
    const markdown = [
      '| a |\n|---|\n| 1 |\n\nTable: First',
      '| a |\n|---|\n| 1 |\n\nTable: Second {#tbl:second}',
      '$$ x $$',
      '$$ y $$ {#eq:y}',
      '$$\nz\n$$ {#eq:z}',
      '```python\nno caption\n```',
      '```{#lst:code .python caption="Code"}\nx = 1\n```',
    ].join('\n\n')
    const { numbers } = numbered(markdown)
    expect(numbers.target('tbl:second')?.number).toBe('2')
    expect(numbers.target('eq:y')?.number).toBe('1')
    expect(numbers.target('eq:z')?.number).toBe('2')
    expect(numbers.target('lst:code')?.number).toBe('1')
    expect(numbers.counts).toEqual({ figure: 0, table: 2, equation: 2, listing: 1 })
  })

  it('numbers a footnote’s content where the note is first referenced (where the export writes it)', () => {
    const { numbers } = numbered('Text[^n].\n\n![after](b.png){#fig:after}\n\n[^n]: A note with a figure:\n\n    ![in note](a.png){#fig:note}\n')
    expect(numbers.target('fig:note')?.number).toBe('1')
    expect(numbers.target('fig:after')?.number).toBe('2')
  })

  it('leaves a list item’s first paragraph out (it carries the item’s number in Word)', () => {
    const { numbers } = numbered('- ![in item](a.png "T"){#fig:item}\n\n  ![second](b.png){#fig:second}\n')
    expect(numbers.target('fig:item')).toBeUndefined()
    expect(numbers.target('fig:second')?.number).toBe('1')
  })

  it('counts captioned figures of raw HTML, which the export numbers too', () => {
    expect(htmlFigureCount('<figure><img src="a.png"><figcaption>A</figcaption></figure><figure><img src="b.png"></figure>')).toBe(1)
    const { numbers } = numbered('<figure>\n<img src="a.png">\n<figcaption>A</figcaption>\n</figure>\n\n![B](b.png){#fig:b}\n')
    expect(numbers.target('fig:b')?.number).toBe('2')
  })

  it('gives sections their heading numbers when headings are numbered, else their text', () => {
    const markdown = '# One {#sec:one}\n\n## Sub {#sec:sub}\n\n# Two {-}\n\n## Deep {#sec:deep}\n'
    expect(numbered(markdown, { sections: true }).numbers.target('sec:sub')?.number).toBe('1.1')
    expect(numbered(markdown, { sections: true }).numbers.target('sec:deep')?.number).toBe('1.2')
    const unnumbered = numbered(markdown).numbers.target('sec:sub')
    expect(unnumbered?.number).toBeUndefined()
    expect(unnumbered?.text).toBe('Sub')
  })

  it('keeps the first of a label given twice and lists the other', () => {
    const { numbers } = numbered('![A](a.png){#fig:x}\n\n![B](b.png){#fig:x}\n')
    expect(numbers.target('fig:x')?.number).toBe('1')
    expect(numbers.duplicates.map((duplicate) => duplicate.label)).toEqual(['fig:x'])
  })
})

describe('what references read', () => {
  it('writes prefixes, plurals, pairs and ranges as pandoc-crossref does', () => {
    expect(read(`@fig:a [@fig:a; @fig:b] [@fig:a; @fig:b; @fig:c] [@fig:c; @fig:a; @fig:b; @fig:e] [@fig:a; @fig:c; @fig:e] [@fig:b; @fig:b]\n\n${FIGURES}`)).toEqual([
      'fig.\u00a01',
      'figs.\u00a01, 2',
      'figs.\u00a01-3',
      'figs.\u00a01-3, 5',
      'figs.\u00a01, 3, 5',
      'figs.\u00a02',
    ])
  })

  it('capitalises with @Fig:, drops the prefix with -@, takes the author’s own prefix and a suffix', () => {
    expect(read(`@Fig:a [-@fig:b] [Figure @fig:c] [@fig:d a] [-@fig:a; @fig:b]\n\n${FIGURES}`)).toEqual(['Fig.\u00a01', '2', 'Figure\u00a03', 'fig.\u00a04 a', '1, fig.\u00a02'])
  })

  it('groups kinds in the order written, joined by commas', () => {
    const markdown = `[@fig:a; @tbl:t; @eq:e; @fig:b]\n\n${FIGURES}\n\n| a |\n|---|\n| 1 |\n\nTable: T {#tbl:t}\n\n$$ x $$ {#eq:e}\n`
    expect(read(markdown)).toEqual(['fig.\u00a01, tbl.\u00a01, eq.\u00a01, fig.\u00a02'])
  })

  it('reads ?? for a label that names nothing (the whole group, as pandoc-crossref)', () => {
    expect(read(`@fig:nothing [@fig:a; @fig:nothing]\n\n${FIGURES}`)).toEqual(['fig.\u00a0??', 'figs.\u00a0??'])
  })

  it('reads a section’s number, or its text without a prefix when headings are not numbered', () => {
    const markdown = '# Intro {#sec:intro}\n\n## Methods {#sec:methods}\n\n## Results {#sec:results}\n\n## Outlook {#sec:outlook}\n\nSee @sec:methods and [@sec:methods; @sec:results; @sec:outlook].\n'
    expect(read(markdown, { sections: true })).toEqual(['sec.\u00a01.1', 'secs.\u00a01.1-1.3'])
    expect(read(markdown)).toEqual(['Methods', 'Methods, Results, Outlook'])
  })

  it('takes prefixes, their capitals, caption words and delimiters from the front matter', () => {
    const front = '---\nfigPrefix: [Figure, Figures]\nFigPrefix: FIGURE\nrangeDelim: "–"\npairDelim: " and "\n---\n\n'
    expect(read(`${front}@fig:a @Fig:a [@fig:a; @fig:c] [@fig:a; @fig:b; @fig:c]\n\n${FIGURES}`)).toEqual(['Figure\u00a01', 'FIGURE\u00a01', 'Figures\u00a01 and 3', 'Figures\u00a01–3'])
    const settings = crossReferenceSettings({ figureTitle: 'Fig.', eqnPrefix: 'Equation', listingTitle: 'Code' }, 'de')
    expect(settings.titles).toEqual({ figure: 'Fig.', table: 'Tabelle', listing: 'Code' })
    expect(settings.prefixes.eq).toEqual({ plain: ['Equation'], capitalized: ['Equation'] })
    expect(settings.prefixes.sec.capitalized).toEqual(['Sec.', 'Secs.'])
  })
})

describe('typed numbers in captions', () => {
  it('drops a number the author typed before the caption, whatever is left', () => {
    expect(withoutTypedNumber('Figure 2: Sales', 'figure', 'Figure')).toBe('Sales')
    expect(withoutTypedNumber('Fig. 4 – Map', 'figure', 'Figure')).toBe('Map')
    expect(withoutTypedNumber('Abbildung 3. Umsatz', 'figure', 'Abbildung')).toBe('Umsatz')
    expect(withoutTypedNumber('Table 3.', 'table', 'Table')).toBe('')
    expect(withoutTypedNumber('Figures of 2020', 'figure', 'Figure')).toBe('Figures of 2020')
  })
})
