import type { Definition, FootnoteDefinition, Yaml } from 'mdast'
import type { Handler } from './types.js'

/**
 * Nodes that produce nothing where they stand: definitions are used by their references,
 * footnote definitions by their first reference, front matter becomes document properties.
 */
export const definition: Handler<Definition> = () => []
export const footnoteDefinition: Handler<FootnoteDefinition> = () => []
export const yaml: Handler<Yaml> = () => []
