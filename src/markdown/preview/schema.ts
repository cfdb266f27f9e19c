/**
 * The preview's HTML allow-list: GitHub's schema (hast-util-sanitize's default) plus what
 * markdocx's own handlers emit — source-line markers, math and code classes, the front-matter
 * title block. A document can never run script, load a form, restyle the app or clobber
 * globals: `<script>`, `<style>`, `<form>`, event handlers and `style` are not in it, and ids
 * and names get the `user-content-` prefix.
 */
import type { Schema } from 'hast-util-sanitize'
import { defaultSchema } from 'hast-util-sanitize'
import { TOKEN_STYLES } from '../../mdast/highlight.js'
import { MATHML_ATTRIBUTES, MATHML_TAG_NAMES } from '../../math/tex.js'
import { CALLOUT_CLASSES } from './callout.js'
import { LIST_PART_MORE } from './list-parts.js'

/** pandoc's token classes the code preview emits (kw, st, co…). */
const TOKEN_CLASSES = Object.values(TOKEN_STYLES).map((style) => style.className)

type Attribute = NonNullable<Schema['attributes']>[string][number]

const CRITIC_MARKS = ['critic-mark-insertion', 'critic-mark-deletion']

const extend = (tag: string, ...more: Attribute[]): Attribute[] => [...(defaultSchema.attributes?.[tag] ?? []), ...more]

export { CLOBBER_PREFIX } from './clobber.js'

export const previewSchema: Schema = {
  ...defaultSchema,
  // mark: CriticMarkup's marked text (and HTML <mark>).
  tagNames: [...(defaultSchema.tagNames ?? []), 'header', 'mark', ...MATHML_TAG_NAMES],
  // Dropped with their content: their text is code or markup, never prose.
  strip: ['script', 'style', 'template', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'iframe', 'object'],
  attributes: {
    ...defaultSchema.attributes,
    // Relative source line of a block inside its top-level block (see preview-hast.ts).
    // Not accessKey: a document must not take over the app's Alt+letter keys.
    '*': extend('*', 'dataRel').filter((attribute) => attribute !== 'accessKey'),
    code: [['className', /^language-./, 'math', 'math-inline', 'math-display']],
    // markdown-alert…: callouts, as GitHub renders its alerts (callout.ts).
    // diagram: a Mermaid block, drawn by the page (markdown/preview/code.ts, src/preview/Diagram.tsx).
    // landscape: a `::: landscape` div, on landscape pages in Word (fenced-divs.ts).
    div: extend('div', ['className', 'math', 'math-display', 'markdown-alert', ...CALLOUT_CLASSES, 'diagram', 'landscape', 'references', 'csl-bib-body', 'csl-entry', 'hanging-indent']),
    // critic-comment: a CriticMarkup comment, shown as a margin note (critic-markup.ts).
    // cross-reference, figure-caption, equation-number, math-numbered: cross-references (cross-references.ts).
    span: extend('span', ['className', /^hljs(-[\w-]+)?$/, 'math', 'math-inline', 'math-display', 'critic-comment', 'section-number', 'underline', 'smallcaps', 'mark', 'cross-reference', 'figure-caption', 'equation-number', 'math-numbered', 'citation', 'citation-note', ...TOKEN_CLASSES]),
    mark: [['className', 'critic-highlight']],
    // critic-insertion / critic-deletion: CriticMarkup's tracked changes, critic-block around whole blocks (critic-spans.ts).
    ins: extend('ins', ['className', 'critic-insertion', 'critic-block']),
    del: extend('del', ['className', 'critic-deletion', 'critic-block']),
    // critic-mark-…: a paragraph whose break is inserted or deleted (its pilcrow shown as Word shows it).
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, extend(tag, ['className', ...CRITIC_MARKS])])),
    // temml's MathML: its layout attributes and tml-* classes; never style or links.
    ...Object.fromEntries(MATHML_TAG_NAMES.map((tag) => [tag, [...MATHML_ATTRIBUTES, ['className', /^tml-[\w-]+$/]] as Attribute[]])),
    header: [['className', 'front-matter']],
    // page-break: `\newpage` and the like (page-breaks.ts), drawn as a marked rule.
    hr: [['className', 'page-break']],
    // list-part-more: a long list's part that another part follows (list-parts.ts); the
    // sanitiser takes the first className rule of a tag, so the default one is replaced.
    ...Object.fromEntries(['ul', 'ol'].map((tag) => [tag, [...(defaultSchema.attributes?.[tag] ?? []).filter((attribute) => !(Array.isArray(attribute) && attribute[0] === 'className')), ['className', 'contains-task-list', LIST_PART_MORE]] as Attribute[]])),
    p: [['className', 'title', 'subtitle', 'author', 'date', 'abstract', 'table-caption', 'markdown-alert-title', 'figure', 'listing-caption', ...CRITIC_MARKS]],
  },
  protocols: {
    ...defaultSchema.protocols,
    // data:image is admitted here and narrowed to real image types by safe-url.ts afterwards.
    src: ['http', 'https', 'data'],
  },
}
