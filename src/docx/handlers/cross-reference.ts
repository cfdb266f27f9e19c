import type { CrossReference } from '../../mdast/nodes.js'
import { crossReferenceRuns } from '../cross-references.js'
import type { Handler } from './types.js'

/**
 * A cross-reference (`@fig:x`, `[@fig:x; @fig:y]`): its prefix as text and each number a REF
 * field to the target's bookmark, with the number in place (cross-references.ts); a label that
 * names nothing reads `??` in bold, with a message, as pandoc-crossref writes it.
 */
export const crossReference: Handler<CrossReference> = (state, node, context) => crossReferenceRuns(state, node, context)
