/**
 * Citations for the preview, in the render worker: formatted on the whole tree after each parse
 * (src/citations), when the front matter names a bibliography. The bibliography and style files
 * are the document's stored files (loaded in the app: `bibliography: refs.bib` finds the file
 * stored as refs.bib; a URL is not fetched); the processor (citation-js, ~1 MB) is loaded the first time a document
 * needs it, and its last result is kept, so typing elsewhere does not format again.
 *
 * The parser's trees share their nodes with its next result, so the formatted tree is a copy:
 * the top-level blocks holding citations are cloned (their keys then follow what the citations
 * became, markdown/preview/blocks.ts), every other block stays the parser's own.
 */
import type { Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'
import type { FormatRequest, FormatResult } from '../citations/format.js'
import { resolveCitations } from '../citations/resolve.js'
import { walk } from '../mdast/walk.js'
import { assetPath, getAsset } from '../storage/assets.js'

/** Front-matter keys that make a document's citations formattable. */
const KEYS = /^(bibliography|references|nocite)\s*:/m

export class CitationSource {
  private last: { key: string; result: FormatResult } | undefined
  private files = new Map<string, Promise<string | undefined>>()
  private filesFor = ''

  /** The stored files changed: read them again. */
  clear(): void {
    this.files.clear()
    this.last = undefined
  }

  /** The tree with its citations formatted (a copy), or the tree itself when there is nothing to format. */
  async resolve(tree: Root, file: VFile, documentId: string): Promise<Root> {
    const yaml = tree.children[0]
    if (yaml?.type !== 'yaml' || !KEYS.test(yaml.value)) return tree
    const copy: Root = { ...tree, children: tree.children.map((node) => (holdsCitations(node) ? structuredClone(node) : node)) }
    await resolveCitations(copy, file, { loadFile: (path) => this.load(documentId, path), format: (request) => this.format(request) })
    return copy
  }

  private async format(request: FormatRequest): Promise<FormatResult> {
    const key = JSON.stringify(request)
    if (this.last?.key === key) return this.last.result
    const { formatCitations } = await import('../citations/format.js')
    const result = formatCitations(request)
    this.last = { key, result }
    return result
  }

  private load(documentId: string, path: string): Promise<string | undefined> {
    if (this.filesFor !== documentId) {
      this.clear()
      this.filesFor = documentId
    }
    let text = this.files.get(path)
    if (!text) {
      text = loadStoredText(documentId, path)
      this.files.set(path, text)
    }
    return text
  }
}

/**
 * A bibliography or style file the front matter names, as text: the document's stored file by
 * that name, never the network. The render awaits it, and a URL that does not answer would
 * hold every render queued behind it (up to a fetch's timeout, most of the render budget: the
 * page would terminate and restart the worker for nothing); the export reads the same files,
 * so both format alike.
 */
export async function loadStoredText(documentId: string, path: string): Promise<string | undefined> {
  const stored = assetPath(path)
  if (stored === undefined) return undefined
  try {
    const asset = await getAsset(documentId, stored)
    return asset ? new TextDecoder().decode(asset.bytes) : undefined
  } catch {
    return undefined
  }
}

function holdsCitations(node: RootContent): boolean {
  if (node.type === 'fencedDiv' && node.data?.attributes?.id === 'refs') return true
  let found = false
  walk(node, (visited) => {
    if (found) return false
    if (visited.type === 'citation') found = true
    return undefined
  })
  return found
}
