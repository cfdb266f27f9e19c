import type { HtmlElement } from '../html/node.js'
import { htmlTable } from '../html/table.js'
import type { Context, RunFormat } from '../context.js'
import { STYLE_INDENT } from '../styles/styles.js'
import type { Handler } from './types.js'

/**
 * HTML that Markdown has no node for (made by html/to-mdast.ts and html/prepare.ts):
 * `<u>`/`<ins>` underline, `<sub>`/`<sup>`, `<mark>` (Word's highlighter), `<kbd>` (the Keyboard
 * style), `<q>` in quotation marks; `<div align>`/`<p align>`/`<center>` align their blocks;
 * `<details>` shows its `<summary>` as a bold line and its content after it; `<dd>` is
 * indented; `<table>` becomes a Word table.
 */
export const htmlElement: Handler<HtmlElement> = (state, node, context) => {
  for (const tag of node.data?.unsupported ?? []) state.warn(node, `HTML <${tag}> is not converted to Word; its text is kept`, 'html-not-converted')
  if (!node.block) {
    const run = inlineFormat(node.tagName, context.run)
    const children = state.inlines(node, { ...context, run })
    if (node.tagName === 'q') return [...state.text('\u201C', context, node), ...children, ...state.text('\u201D', context, node)]
    return children
  }
  switch (node.tagName) {
    case 'table':
      return htmlTable(state, node, context)
    case 'summary':
      return state.blocks(node, { ...context, run: { ...context.run, bold: true } })
    case 'dd': {
      const indent = STYLE_INDENT.BlockText ?? 720
      return state.blocks(node, { ...context, indent: context.indent + indent, width: Math.max(context.width - indent, 1440) })
    }
    default: {
      const align = alignmentOf(node)
      return state.blocks(node, align ? { ...context, alignment: align } : context)
    }
  }
}

function inlineFormat(tag: string, run: RunFormat): RunFormat {
  switch (tag) {
    case 'u':
    case 'ins':
      return { ...run, underline: true }
    case 'sub':
      return { ...run, subScript: true, superScript: false }
    case 'sup':
      return { ...run, superScript: true, subScript: false }
    case 'mark':
      return { ...run, highlight: true }
    case 'kbd':
      return { ...run, style: 'Keyboard' }
    default:
      return run
  }
}

function alignmentOf(node: HtmlElement): Context['alignment'] {
  if (node.tagName === 'center') return 'center'
  const value = (node.attributes.align ?? /text-align\s*:\s*(\w+)/i.exec(node.attributes.style ?? '')?.[1] ?? '').toLowerCase()
  return value === 'left' || value === 'center' || value === 'right' ? value : undefined
}
