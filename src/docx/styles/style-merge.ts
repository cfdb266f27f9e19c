/**
 * Merging our styles into a reference .docx's styles.xml, as pandoc does: the template's
 * document defaults, latent styles and style definitions win; ours are added only where the
 * template lacks them, so every style the document uses is defined. A template may call a
 * style by another id (a localised Word writes "berschrift1" for "heading 1"): styles match
 * by id, then by name, and `ids` tells which of our ids to write as the template's.
 */
import type { LanguageAttributes } from '../text/rtl.js'
import { reorderStyleXml } from '../ooxml/xml-order.js'
import { attribute, element, elements, escapeXml } from '../ooxml/xml-scan.js'

export interface MergedStyles {
  xml: string
  /** Our style id → the template's, where they differ. */
  ids: Map<string, string>
  /** Every style id in `xml`. */
  written: string[]
}

interface StyleInfo {
  id: string
  type: string
  name: string
  outer: string
}

const normalName = (name: string) => name.toLowerCase().replace(/\s+/g, '')

function stylesOf(xml: string): StyleInfo[] {
  return elements(xml, 'w:style').flatMap((style) => {
    const id = attribute(style.open, 'w:styleId')
    if (!id) return []
    const nameElement = element(style.inner, 'w:name')
    const name = (nameElement && attribute(nameElement.open, 'w:val')) ?? id
    return [{ id, type: attribute(style.open, 'w:type') ?? 'paragraph', name, outer: style.outer }]
  })
}

/** `template` styles.xml with ours (`ours`, a whole styles.xml) filling its gaps. */
export function mergeStyles(template: string, ours: string, language?: LanguageAttributes): MergedStyles | undefined {
  const root = element(template, 'w:styles')
  if (!root) return undefined
  const theirs = stylesOf(root.inner)
  const byId = new Map(theirs.map((style) => [style.id, style]))
  const byName = new Map<string, StyleInfo>()
  for (const style of theirs) if (!byName.has(`${style.type}:${normalName(style.name)}`)) byName.set(`${style.type}:${normalName(style.name)}`, style)

  const ids = new Map<string, string>()
  const added: StyleInfo[] = []
  const taken = new Set(theirs.map((style) => style.id.toLowerCase()))
  for (const style of stylesOf(ours)) {
    const sameId = byId.get(style.id)
    if (sameId && sameId.type === style.type) continue
    const sameName = byName.get(`${style.type}:${normalName(style.name)}`)
    if (sameName) {
      ids.set(style.id, sameName.id)
      continue
    }
    if (sameId) {
      // The template uses our id for a style of another type: ours needs a new id.
      let id = `${style.id}Md`
      for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${style.id}Md${n}`
      ids.set(style.id, id)
      taken.add(id.toLowerCase())
    }
    added.push(style)
  }
  const remap = (xml: string) =>
    xml.replace(/(<w:(?:basedOn|next|link)\s+w:val=")([^"]*)(")/g, (whole, open: string, id: string, close: string) => (ids.has(id) ? `${open}${escapeXml(ids.get(id)!)}${close}` : whole)).replace(/(<w:style\b[^>]*?\sw:styleId=")([^"]*)(")/, (whole, open: string, id: string, close: string) => (ids.has(id) ? `${open}${escapeXml(ids.get(id)!)}${close}` : whole))
  // The template's own defaults win; where it has none, ours stand in.
  let defaults = reorderStyleXml(element(root.inner, 'w:docDefaults')?.outer ?? element(ours, 'w:docDefaults')?.outer ?? '')
  if (language) defaults = withLanguage(defaults, language)
  const latent = element(root.inner, 'w:latentStyles')?.outer ?? ''
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    root.open +
    defaults +
    latent +
    theirs.map((style) => reorderStyleXml(style.outer)).join('') +
    added.map((style) => remap(style.outer)).join('') +
    '</w:styles>'
  const written = [...theirs.map((style) => style.id), ...added.map((style) => ids.get(style.id) ?? style.id)]
  return { xml, ids, written }
}

/** Document defaults with the document's language in `w:lang`. */
function withLanguage(defaults: string, language: LanguageAttributes): string {
  const lang = `<w:lang w:val="${escapeXml(language.val)}" w:eastAsia="${escapeXml(language.eastAsia)}" w:bidi="${escapeXml(language.bidi)}"/>`
  const rPrDefault = element(defaults, 'w:rPrDefault')
  if (!rPrDefault) {
    if (defaults === '' || defaults.endsWith('/>')) return `<w:docDefaults><w:rPrDefault><w:rPr>${lang}</w:rPr></w:rPrDefault></w:docDefaults>`
    return defaults.replace(/^(<w:docDefaults[^>]*>)/, `$1<w:rPrDefault><w:rPr>${lang}</w:rPr></w:rPrDefault>`)
  }
  const rPr = element(rPrDefault.inner, 'w:rPr')
  let inner: string
  if (!rPr || rPr.open.endsWith('/>')) inner = `<w:rPr>${lang}</w:rPr>`
  else {
    const existing = element(rPr.inner, 'w:lang')
    let body = existing ? rPr.inner.replace(existing.outer, '') : rPr.inner
    // w:lang goes before the few elements the schema puts after it.
    const after = /<w:(?:eastAsianLayout|specVanish|oMath)\b/.exec(body)
    body = after ? body.slice(0, after.index) + lang + body.slice(after.index) : body + lang
    inner = `${rPr.open}${body}</w:rPr>`
  }
  return defaults.replace(rPrDefault.outer, `<w:rPrDefault>${inner}</w:rPrDefault>`)
}
