/**
 * The structural checker itself: silent on a sound package, and catching each defect it
 * claims to catch (one broken copy per defect, named by its rule).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { markdownToDocx } from '../../src/convert.js'
import { editDocx, openDocx } from '../support/docx-package.js'
import { dataUrl, png } from '../support/images.js'
import { checkStructure, zipEntries } from '../support/structure.js'

const MARKDOWN = `# Title

See [the end](#the-end) and [example](https://example.com/a b).

1. one
2. two
   - nested

| a | b |
|---|---|
| 1 | 2 |

A note[^1].

![first](${dataUrl(png(40, 20), 'image/png')}) ![second](${dataUrl(png(20, 40), 'image/png')})

[^1]: The note.

## The end
`

let good: Uint8Array

beforeAll(async () => {
  good = (await markdownToDocx(MARKDOWN)).data
})

/** The rules a broken copy trips. */
function rules(data: Uint8Array): string[] {
  return [...new Set(checkStructure(data).map((line) => line.split(':')[0]!))]
}

function replaceOnce(pattern: RegExp | string, replacement: string) {
  return (text: string) => {
    const out = text.replace(pattern, replacement)
    if (out === text) throw new Error(`pattern ${String(pattern)} not found`)
    return out
  }
}

describe('checkStructure', () => {
  it('finds nothing wrong with a sound package', () => {
    expect(checkStructure(good)).toEqual([])
  })

  it('has every construct the broken copies below need', () => {
    const document = openDocx(good).text('word/document.xml')!
    for (const piece of ['<w:footnoteReference', '<w:tbl>', '<wp:docPr', 'w:anchor="the-end"', '<w:numId', '<w:bookmarkEnd']) expect(document).toContain(piece)
  })

  const cases: Array<[string, string, () => Uint8Array]> = [
    ['a file that is not a zip', 'zip-unreadable', () => new TextEncoder().encode('PK not really')],
    [
      'a duplicate zip entry',
      'zip-duplicate',
      () => {
        // Rename word/settings.xml to word/document.xml (same length) in the central directory.
        const copy = good.slice()
        const from = new TextEncoder().encode('word/settings.xml')
        const to = new TextEncoder().encode('word/document.xml')
        for (let i = 0; i < copy.length - from.length; i++) {
          if (from.every((b, k) => copy[i + k] === b)) copy.set(to, i)
        }
        return copy
      },
    ],
    ['a part without a content type', 'content-type-missing', () => editDocx(good, { 'word/media/data.bin': new Uint8Array([1, 2, 3]) })],
    ['malformed XML', 'xml-malformed', () => editDocx(good, { 'word/document.xml': replaceOnce('</w:body>', '') })],
    ['a raw control character', 'xml-invalid-char', () => editDocx(good, { 'word/document.xml': replaceOnce('>Title<', '>Ti\u0001tle<') })],
    ['a character reference XML forbids', 'xml-invalid-char', () => editDocx(good, { 'word/document.xml': replaceOnce('>Title<', '>Ti&#x1;tle<') })],
    ['duplicate relationship ids', 'rels-duplicate-id', () => editDocx(good, { 'word/_rels/document.xml.rels': replaceOnce(/Id="rId\d+"/, 'Id="rIdLink1"') })],
    ['a relationship to a missing part', 'rels-target-missing', () => editDocx(good, { 'word/_rels/document.xml.rels': replaceOnce('Target="numbering.xml"', 'Target="gone.xml"') })],
    ['a hyperlink not marked External', 'hyperlink-not-external', () => editDocx(good, { 'word/_rels/document.xml.rels': replaceOnce(/(Id="rIdLink1"[^>]*?) TargetMode="External"/, '$1') })],
    ['an r:id naming no relationship', 'rid-missing', () => editDocx(good, { 'word/document.xml': replaceOnce('r:id="rIdLink1"', 'r:id="rIdNope"') })],
    ['an image whose type is not image/*', 'image-content-type', () => editDocx(good, { '[Content_Types].xml': replaceOnce('ContentType="image/png"', 'ContentType="application/octet-stream"') })],
    ['duplicate drawing ids', 'docpr-duplicate-id', () => editDocx(good, { 'word/document.xml': (t) => t.replace(/(<wp:docPr id=")\d+/g, '$11') })],
    ['an unpaired bookmark', 'bookmark-unpaired', () => editDocx(good, { 'word/document.xml': replaceOnce(/<w:bookmarkEnd w:id="1"\/>/, '') })],
    ['a bookmark id started twice', 'bookmark-duplicate-id', () => editDocx(good, { 'word/document.xml': (t) => t.replace(/(<w:bookmark(?:Start|End)[^>]*w:id=")\d+/g, '$11') })],
    ['an anchor naming no bookmark', 'anchor-missing', () => editDocx(good, { 'word/document.xml': replaceOnce('w:anchor="the-end"', 'w:anchor="nowhere"') })],
    ['a numId not in numbering.xml', 'num-undefined', () => editDocx(good, { 'word/document.xml': replaceOnce(/<w:numId w:val="\d+"\/>/, '<w:numId w:val="99"/>') })],
    ['a num pointing at no abstractNum', 'num-abstract-missing', () => editDocx(good, { 'word/numbering.xml': replaceOnce(/(<w:num w:numId="\d+"[^>]*>\s*<w:abstractNumId w:val=")\d+/, '$1999') })],
    ['an ilvl outside 0–8', 'ilvl-range', () => editDocx(good, { 'word/document.xml': replaceOnce(/<w:ilvl w:val="\d"\/>/, '<w:ilvl w:val="9"/>') })],
    ['a footnote reference to no footnote', 'footnote-missing', () => editDocx(good, { 'word/document.xml': replaceOnce(/<w:footnoteReference w:id="\d+"\/>/, '<w:footnoteReference w:id="42"/>') })],
    ['footnotes without their separator', 'footnote-separator', () => editDocx(good, { 'word/footnotes.xml': replaceOnce('w:type="separator"', 'w:type="normal"') })],
    ['a row that does not span the grid', 'tbl-grid-mismatch', () => editDocx(good, { 'word/document.xml': replaceOnce(/<w:tblGrid>/, '<w:tblGrid><w:gridCol w:w="100"/>') })],
    ['a cell without content', 'tc-empty', () => editDocx(good, { 'word/document.xml': replaceOnce(/(<w:tc>(?:(?!<\/w:tc>).)*?<\/w:tcPr>)(?:(?!<\/w:tc>).)*?<\/w:tc>/s, '$1</w:tc>') })],
    ['a cell not ending in a paragraph', 'tc-last-not-p', () => editDocx(good, { 'word/document.xml': replaceOnce(/<\/w:p><\/w:tc>/, '</w:p><w:bookmarkStart w:id="900" w:name="x"/><w:bookmarkEnd w:id="900"/></w:tc>') })],
    ['a paragraph style that is not defined', 'style-missing', () => editDocx(good, { 'word/document.xml': replaceOnce('<w:pStyle w:val="Heading1"/>', '<w:pStyle w:val="Nope"/>') })],
    ['a run using a paragraph style', 'style-type', () => editDocx(good, { 'word/document.xml': replaceOnce('<w:rStyle w:val="Hyperlink"/>', '<w:rStyle w:val="Heading1"/>') })],
    ['a style based on an undefined one', 'style-relation-missing', () => editDocx(good, { 'word/styles.xml': replaceOnce(/<w:basedOn w:val="Normal"\/>/, '<w:basedOn w:val="Ghost"/>') })],
    ['no officeDocument relationship', 'office-document', () => editDocx(good, { '_rels/.rels': replaceOnce(/<Relationship [^>]*officeDocument"[^>]*\/>/, '') })],
  ]

  for (const [what, rule, make] of cases) {
    it(`catches ${what} (${rule})`, () => {
      expect(rules(make())).toContain(rule)
    })
  }

  it('reads the central directory (stored and deflated entries, names as written)', () => {
    const entries = zipEntries(good)
    expect(entries.map((e) => e.name)).toContain('word/document.xml')
    expect(entries.every((e) => e.method === 0 || e.method === 8)).toBe(true)
  })
})
