/**
 * The preview pipeline's answers to the holes the browser suite (tests/e2e/security.test.ts)
 * found: unclosed raw-text elements no longer swallow the prose after them, `srcset` goes
 * through the image allow-list, and `accesskey` is not kept.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast'
import { toText } from 'hast-util-to-text'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../src/markdown/parse.js'
import { toPreviewHast } from '../../src/markdown/preview-hast.js'
import { safeSrcset } from '../../src/markdown/preview/safe-srcset.js'

function preview(text: string): HastRoot {
  return toPreviewHast(parseMarkdown(text).tree, text)
}

function elements(node: HastRoot | RootContent): Element[] {
  const found: Element[] = []
  const visit = (current: HastRoot | RootContent) => {
    if (current.type === 'element') found.push(current)
    if ('children' in current) for (const child of current.children) visit(child)
  }
  visit(node)
  return found
}

describe('unclosed raw-text elements', () => {
  it.each(['textarea', 'title', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'script', 'template', 'plaintext'])('an unclosed <%s> in a paragraph keeps the words after it', (tag) => {
    const tree = preview(`before <${tag}> after **bold**\n`)
    expect(toText(tree)).toContain('after')
    expect(toText(tree)).toContain('bold')
    expect(elements(tree).map((element) => element.tagName)).not.toContain(tag)
  })

  it('an unclosed <script> HTML block does not hide the rest of the document', () => {
    const tree = preview('Start\n\n<script>alert(1)\n\nThe rest of the document.\n')
    expect(toText(tree)).toContain('The rest of the document.')
    expect(elements(tree).some((element) => element.tagName === 'script')).toBe(false)
  })

  it('a closed element is still dropped with its content', () => {
    const tree = preview('a <title>secret</title> b <textarea>code</textarea> c\n\n<script>\nalert(1)\n</script>\n\nend\n')
    const text = toText(tree)
    expect(text).not.toMatch(/secret|code|alert/)
    expect(text).toMatch(/a\s+b\s+c/)
    expect(text).toContain('end')
  })

  it('a close tag in a later raw node of the same block counts', () => {
    const tree = preview('x <title>hidden <b>still title</b></title> y\n')
    expect(toText(tree)).not.toContain('hidden')
    expect(toText(tree)).toContain('y')
  })

  it('an opening tag with a quoted > in an attribute is removed whole', () => {
    const tree = preview('x <title lang=">">  y\n')
    expect(toText(tree).replace(/\s+/g, ' ').trim()).toBe('x y')
  })
})

describe('srcset', () => {
  it('drops a srcset with a script, vbscript or non-image data URL', () => {
    for (const srcset of ['javascript:alert(1)', 'x.png 1x, javascript:alert(1) 2x', 'data:text/html,x 1x', 'java&#9;script:alert(1) 2x', 'vbscript:x']) {
      const tree = preview(`<picture><source srcset="${srcset}"><img src="x.png" alt="p"></picture>\n`)
      const source = elements(tree).find((element) => element.tagName === 'source')
      expect(source?.properties.srcSet, srcset).toBeUndefined()
    }
  })

  it('keeps ordinary image candidates', () => {
    const tree = preview('<picture><source srcset="a.png 1x, https://example.org/b.png 2x, data:image/png;base64,iVBOR 3x"><img src="x.png" alt="p"></picture>\n')
    expect(elements(tree).find((element) => element.tagName === 'source')?.properties.srcSet).toBe('a.png 1x, https://example.org/b.png 2x, data:image/png;base64,iVBOR 3x')
    expect(safeSrcset(['a.png 1x', 'b.png 2x'])).toBe(true)
  })
})

describe('accesskey', () => {
  it('is dropped, so a document cannot take the app’s Alt+letter keys', () => {
    const tree = preview('<a href="https://example.org" accesskey="s">x</a> <kbd accesskey="e">k</kbd>\n')
    expect(elements(tree).some((element) => element.properties.accessKey !== undefined)).toBe(false)
  })
})
