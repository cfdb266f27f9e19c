/**
 * A leading `---` block is front matter only when it holds a YAML mapping (pandoc's rule).
 * Anything else — a scalar, a list, broken YAML, or prose between two rules — is the author's
 * Markdown, and must not vanish into metadata: the document is then read again without front
 * matter, so those lines become the rules, headings and paragraphs they look like.
 */
import type { Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { parseYaml } from '../../util/yaml.js'
import { remarkParseGuard } from '../guards/guard-plugin.js'

const withoutFrontMatter = unified().use(remarkParse).use(remarkParseGuard).use(remarkGfm, { singleTilde: false }).use(remarkMath).freeze()

/** Why a YAML block is not front matter, or undefined when it is a mapping (or empty). */
export function notFrontMatter(yaml: string): string | undefined {
  try {
    const data: unknown = parseYaml(yaml, { maxAliasCount: 100 })
    if (data === null || data === undefined || (typeof data === 'object' && !Array.isArray(data))) return undefined
    return 'it is not a YAML mapping of keys to values'
  } catch (error) {
    return `it is not valid YAML (${(error as Error).message.split('\n')[0]})`
  }
}

export function remarkFrontMatterFallback() {
  return (tree: Root, file: VFile) => {
    const first = tree.children[0]
    if (first?.type !== 'yaml') return
    const why = notFrontMatter(first.value)
    if (!why) return
    // Front matter only ever starts the document, so a whole parse keeps every position true.
    const reparsed = withoutFrontMatter.parse(new VFile({ value: String(file.value ?? '') }))
    tree.children = reparsed.children
    file.info(`The leading --- block is not front matter (${why}); it is kept as Markdown`, {
      place: first.position,
      ruleId: 'front-matter-invalid',
      source: 'markdocx',
    })
  }
}
