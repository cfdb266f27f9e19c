/**
 * Appends items to a list one by one. `list.push(...items)` passes every item as an argument,
 * and a spread of more than about 120 000 overflows the call stack: hostile documents have
 * paragraphs of 500 000 inline nodes, and hundreds of thousands of messages.
 */
export function append<T>(list: T[], items: Iterable<T>): T[] {
  for (const item of items) list.push(item)
  return list
}
