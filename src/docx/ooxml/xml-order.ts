/**
 * Puts the children of style XML back in the order ISO 29500 requires. Templates are not
 * always valid — pandoc's own reference.docx writes `w:qFormat` after `w:pPr` and
 * `w:tcBorders` after `w:vAlign` — and Word is strict about order where LibreOffice is not,
 * so styles taken from a template are reordered before they go into our styles.xml.
 * Elements the tables below do not name (extensions such as w14:*) stay after the element
 * they followed.
 */

const SEQUENCES: Readonly<Record<string, readonly string[]>> = {
  'w:style': ['name', 'aliases', 'basedOn', 'next', 'link', 'autoRedefine', 'hidden', 'uiPriority', 'semiHidden', 'unhideWhenUsed', 'qFormat', 'locked', 'personal', 'personalCompose', 'personalReply', 'rsid', 'pPr', 'rPr', 'tblPr', 'trPr', 'tcPr', 'tblStylePr'],
  'w:docDefaults': ['rPrDefault', 'pPrDefault'],
  'w:tblStylePr': ['pPr', 'rPr', 'tblPr', 'trPr', 'tcPr'],
  'w:pPr': ['pStyle', 'keepNext', 'keepLines', 'pageBreakBefore', 'framePr', 'widowControl', 'numPr', 'suppressLineNumbers', 'pBdr', 'shd', 'tabs', 'suppressAutoHyphens', 'kinsoku', 'wordWrap', 'overflowPunct', 'topLinePunct', 'autoSpaceDE', 'autoSpaceDN', 'bidi', 'adjustRightInd', 'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc', 'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr', 'sectPr', 'pPrChange'],
  'w:rPr': ['rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss', 'imprint', 'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern', 'position', 'sz', 'szCs', 'highlight', 'u', 'effect', 'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout', 'specVanish', 'oMath', 'rPrChange'],
  'w:tblPr': ['tblStyle', 'tblpPr', 'tblOverlap', 'bidiVisual', 'tblStyleRowBandSize', 'tblStyleColBandSize', 'tblW', 'jc', 'tblCellSpacing', 'tblInd', 'tblBorders', 'shd', 'tblLayout', 'tblCellMar', 'tblLook', 'tblCaption', 'tblDescription', 'tblPrChange'],
  'w:tcPr': ['cnfStyle', 'tcW', 'gridSpan', 'hMerge', 'vMerge', 'tcBorders', 'shd', 'noWrap', 'tcMar', 'textDirection', 'tcFitText', 'vAlign', 'hideMark', 'headers', 'cellIns', 'cellDel', 'cellMerge', 'tcPrChange'],
  'w:pBdr': ['top', 'left', 'bottom', 'right', 'between', 'bar'],
  'w:tblBorders': ['top', 'left', 'start', 'bottom', 'right', 'end', 'insideH', 'insideV'],
  'w:tcBorders': ['top', 'left', 'start', 'bottom', 'right', 'end', 'insideH', 'insideV', 'tl2br', 'tr2bl'],
  'w:tblCellMar': ['top', 'left', 'start', 'bottom', 'right', 'end'],
}

interface XmlNode {
  /** Qualified name, or undefined for text, comments and other markup kept as is. */
  name?: string
  /** The start tag (or the whole text for other nodes). */
  open: string
  children: XmlNode[]
  selfClosing: boolean
}

/** `xml` (a fragment of elements) with the children of the elements above in schema order. */
export function reorderStyleXml(xml: string): string {
  const nodes = parse(xml)
  return nodes ? nodes.map(serialize).join('') : xml
}

function parse(xml: string): XmlNode[] | undefined {
  const root: XmlNode = { open: '', children: [], selfClosing: false }
  const stack: XmlNode[] = [root]
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>|[^<]+/g
  let match: RegExpExecArray | null
  while ((match = token.exec(xml))) {
    const parent = stack[stack.length - 1]!
    if (match[1]) {
      // A closing tag must close the innermost open element; anything else is not XML we can reorder.
      if (stack.length < 2 || parent.name !== match[1]) return undefined
      stack.pop()
    } else if (match[2]) {
      const node: XmlNode = { name: match[2], open: match[0], children: [], selfClosing: match[3] === '/' }
      parent.children.push(node)
      if (!node.selfClosing) stack.push(node)
    } else parent.children.push({ open: match[0], children: [], selfClosing: true })
  }
  return stack.length === 1 ? root.children : undefined
}

function serialize(node: XmlNode): string {
  if (!node.name) return node.open
  if (node.selfClosing) return node.open
  const sequence = SEQUENCES[node.name]
  const children = sequence ? ordered(node.children, sequence) : node.children
  return `${node.open}${children.map(serialize).join('')}</${node.name}>`
}

function ordered(children: XmlNode[], sequence: readonly string[]): XmlNode[] {
  let last = -1
  const keyed = children.map((child, index) => {
    const local = child.name?.startsWith('w:') ? child.name.slice(2) : undefined
    const position = local === undefined ? -1 : sequence.indexOf(local)
    if (position !== -1) last = position
    // Unknown elements and text ride with the element before them.
    return { child, key: position !== -1 ? position : last + 0.5, index }
  })
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map((entry) => entry.child)
}
