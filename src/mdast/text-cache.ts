/**
 * What a pure function made of a text, kept by that text: code blocks' highlight tokens and
 * HTML blocks' parses.
 *
 * The export worker compiles the whole document again after each pause in typing; without this
 * it would highlight every code block and parse every HTML block again each time — on a README
 * MiB that is a third of the compile — when one keystroke changed one block. A snippet repeated
 * in a document is also done once. At most `limit` characters of keys are held; the least
 * recently used go first. Values are shared between callers: read them, never change them.
 */
export class TextCache<V> {
  private readonly entries = new Map<string, V>()
  private size = 0

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V): void {
    // One huge text would push out everything else for a single use.
    if (key.length > this.limit / 4 || this.entries.has(key)) return
    this.entries.set(key, value)
    this.size += key.length
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.limit) break
      this.entries.delete(oldest)
      this.size -= oldest.length
    }
  }
}
