/**
 * The preview shows the same math and the same code colours as the export: temml's MathML
 * (sanitised, no style or links) and pandoc's token classes.
 */
import type { Element, Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../src/markdown/parse.js'
import { layoutPreview, PreviewCache } from '../../../src/markdown/preview-hast.js'

function html(markdown: string): string {
  const { tree } = parseMarkdown(markdown)
  const cache = new PreviewCache()
  const layout = layoutPreview(tree, markdown, cache)
  const show = (node: Root | Element | Root['children'][number]): string => {
    if (node.type === 'text') return node.value
    if (node.type === 'root') return node.children.map(show).join('')
    if (node.type !== 'element') return ''
    const props = Object.entries(node.properties)
      .filter(([name]) => name !== 'dataRel')
      .map(([name, value]) => ` ${name}="${Array.isArray(value) ? value.join(' ') : String(value)}"`)
      .join('')
    return `<${node.tagName}${props}>${node.children.map(show).join('')}</${node.tagName}>`
  }
  return layout.blocks.map((block) => show(cache.get(block.key)!.hast)).join('\n')
}

describe('preview of math and code', () => {
  it('renders inline and display math as MathML', () => {
    expect(html('Say $x^2$.')).toBe('<p>Say <span className="math math-inline"><math><msup><mi>x</mi><mn className="tml-sml-pad">2</mn></msup></math></span>.</p>')
    expect(html('$$\n\\frac{a}{b}\n$$')).toBe('<div className="math math-display"><math display="block" className="tml-display"><mfrac><mi>a</mi><mi>b</mi></mfrac></math></div>')
  })

  it('shows $$…$$ inside a paragraph as display math, as the export does', () => {
    expect(html('$$x$$')).toContain('<span className="math math-display"><math display="block" className="tml-display">')
  })

  it('keeps the LaTeX of a formula it cannot render', () => {
    expect(html('Bad $\\frac{1}{$')).toBe('<p>Bad <code className="math math-inline">\\frac{1}{</code></p>')
    // An unknown command is shown by name, as the export shows it.
    expect(html('Odd $\\nosuch$')).toBe('<p>Odd <span className="math math-inline"><math><mtext>\\nosuch</mtext></math></span></p>')
  })

  it('drops style and links from MathML', () => {
    const out = html('$\\color{red}{x}$')
    expect(out).not.toContain('style')
    expect(out).toContain('<mi>x</mi>')
  })

  it('colours code tokens with pandoc class names', () => {
    expect(html('```python\ndef f(): pass\n```')).toBe('<pre><code className="language-python"><span className="kw">def</span> <span className="fu">f</span>(): <span className="kw">pass</span>\n</code></pre>')
  })
})

describe('preview of image sizes', () => {
  it("sizes an image from pandoc's {width=…} and hides the attribute block", () => {
    const out = html('![A](a.png){width=50%} and ![B](b.png){width=1in height=2cm}')
    expect(out).toContain('<img src="a.png" alt="A" width="50%">')
    expect(out).toContain('<img src="b.png" alt="B" width="96" height="76">')
    expect(out).not.toContain('{width')
  })
})
