/**
 * `srcset` (on `<source>` in a `<picture>`) is a list of image candidates the sanitiser's
 * protocol check does not look into: each candidate's URL must pass the image allow-list.
 */
import { safeUrl } from '../../mdast/safe-url.js'

/** Whether every candidate of a srcset (hast keeps it as a string or a comma-split list) is a safe image URL. */
export function safeSrcset(value: unknown): boolean {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []
  const safe = (candidate: string) => {
    const url = candidate.trim().split(/\s+/)[0] ?? ''
    return url === '' || safeUrl(url, 'image') !== undefined
  }
  // Read as a browser splits it, and with tabs and newlines dropped as URL parsing drops them.
  return list.every((candidate) => safe(candidate) && safe(candidate.replace(/[\t\n\r]/g, '')))
}
