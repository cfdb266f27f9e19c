/**
 * The one content hash: a fast, deterministic 53-bit string hash (cyrb53) with the length
 * appended, for content keys (parsed chunks, preview blocks). Not cryptographic: a key only
 * decides whether earlier work can be reused, and the length is part of every key, so a
 * collision would need equal lengths and equal hashes.
 */
export function hashString(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0)
  return `${value.toString(36)}.${text.length.toString(36)}`
}

/** FNV-1a over the first 48 characters of a line. */
export function lineHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5
  const stop = Math.min(end, start + 48)
  for (let at = start; at < stop; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193)
  return hash >>> 0
}
