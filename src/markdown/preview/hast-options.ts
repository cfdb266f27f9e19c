/**
 * Options for mdast-util-to-hast with our handlers, arranged so each call stays cheap.
 *
 * `toHast` spreads the handlers it is given over its defaults on every call (`createState`).
 * A key the defaults do not have (a node type of our own: `fencedDiv`, `math`, `citation`…)
 * sends that spread down V8's slow path, about 5 µs a key: with ours, 30–50 µs for every block
 * the preview renders, which for 100 000 headings was seconds. So handlers for the default
 * types go in `handlers`, and those for our own types behind one `unknownHandler`, which
 * mdast-util-to-hast calls for any type it has no handler for.
 */
import type { Nodes } from 'mdast'
import { defaultHandlers, type Handler, type Handlers, type Options, type State } from 'mdast-util-to-hast'

const own = Object.prototype.hasOwnProperty

/** The options for `toHast` (raw HTML kept for the sanitiser, no id prefix) with `handlers`. */
export function hastOptions(handlers: Handlers): Options {
  const known: Record<string, Handler> = {}
  const custom = new Map<string, Handler>()
  for (const [type, handler] of Object.entries(handlers)) {
    if (!handler) continue
    if (own.call(defaultHandlers, type)) known[type] = handler
    else custom.set(type, handler)
  }
  return {
    allowDangerousHtml: true,
    clobberPrefix: '',
    handlers: known,
    unknownHandler: (state, node, parent) => {
      const handler = custom.get(node.type)
      return handler ? handler(state, node, parent) : unknownNode(state, node)
    },
  }
}

/**
 * What mdast-util-to-hast does with a node of a type no handler knows (its
 * `defaultUnknownHandler`, which it does not export): text for a literal, else a `div` of its
 * children, then the node's `data.hName`, `hProperties` and `hChildren` applied.
 */
function unknownNode(state: State, node: Nodes): ReturnType<Handler> {
  const data = node.data ?? {}
  const literal = 'value' in node && !(own.call(data, 'hProperties') || own.call(data, 'hChildren'))
  const result = literal ? { type: 'text' as const, value: String(node.value) } : { type: 'element' as const, tagName: 'div', properties: {}, children: state.all(node) }
  state.patch(node, result)
  return state.applyData(node, result)
}
