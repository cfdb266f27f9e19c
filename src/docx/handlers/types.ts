/**
 * The handler contract: one function per mdast node type, turning a node into docx objects.
 * Handlers recurse only through `state` (`state.blocks`, `state.inlines`, `state.one`), never by
 * calling each other, so a handler passed in `options.handlers` takes over everywhere.
 */
import type { FileChild, ParagraphChild, TableCell, TableRow } from 'docx'
import type { Nodes, Parents } from 'mdast'
import type { Node } from 'unist'
import type { Context } from '../context.js'
import type { State } from '../state.js'
import type {} from 'mdast-util-math'

/** What handlers produce: blocks (paragraphs, tables), inline content, or table parts. */
export type Output = FileChild | ParagraphChild | TableRow | TableCell

export type Handler<N extends Node = Node> = (state: State, node: N, context: Context, parent: Parents | undefined) => Output[]

type NodeOfType<T extends Nodes['type']> = Extract<Nodes, { type: T }>

/**
 * The mdast node types of CommonMark, GFM, front matter and math. Listed rather than taken
 * from `Nodes['type']`, which grows with every package that augments mdast's types (the app's
 * hast-util-to-jsx-runtime pulls in MDX's), though our parser never makes those nodes.
 */
type CoreType =
  | 'root' | 'paragraph' | 'heading' | 'thematicBreak' | 'blockquote' | 'list' | 'listItem' | 'code' | 'html'
  | 'definition' | 'footnoteDefinition' | 'yaml' | 'math' | 'table' | 'tableRow' | 'tableCell' | 'text'
  | 'emphasis' | 'strong' | 'delete' | 'inlineCode' | 'break' | 'link' | 'image' | 'linkReference'
  | 'imageReference' | 'footnoteReference' | 'inlineMath'

/** A handler for every node type markdocx's parser produces, and any extra types (ours or a caller's). */
export type Handlers = { [T in CoreType]: Handler<NodeOfType<T>> } & { [type: string]: Handler<never> }
