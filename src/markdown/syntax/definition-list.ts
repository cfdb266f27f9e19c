/**
 * Definition lists (`Term` / `: definition`, pandoc's syntax) through the kept
 * micromark-extension-definition-list and mdast-util-definition-list. Their nodes
 * (`defList`, `defListTerm`, `defListDescription`) are given `data.hName` so
 * mdast-util-to-hast renders them as <dl>/<dt>/<dd> without extra handlers.
 */
import type { Root } from 'mdast'
import { defListFromMarkdown, type DefListDescriptionNode, type DefListNode, type DefListTermNode } from 'mdast-util-definition-list'
import { defList } from 'micromark-extension-definition-list'
import type { Processor } from 'unified'
import { walk } from '../../mdast/walk.js'

export type { DefListDescriptionNode, DefListNode, DefListTermNode }

const TAGS: Readonly<Record<string, string>> = { defList: 'dl', defListTerm: 'dt', defListDescription: 'dd' }

export function remarkDefinitionList(this: Processor) {
  const data = this.data()
  ;(data.micromarkExtensions ??= []).push(defList)
  ;(data.fromMarkdownExtensions ??= []).push(defListFromMarkdown)
  return (tree: Root) => {
    // Definition lists are flow content: only containers of flow are walked, not the inline
    // content that makes up most of a tree (a walk of every node cost a few % of the parse).
    walk(tree, (node) => {
      const tag = TAGS[node.type]
      if (tag) node.data = { ...node.data, hName: tag }
      return FLOW_CONTAINERS.has(node.type)
    })
  }
}

/** Nodes whose children may be (or contain) a definition list; a term holds the term's inline content only. */
const FLOW_CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition', 'defList', 'defListDescription'])
