/**
 * The URL allow-list shared by the preview and the export: http(s), mailto, relative and
 * fragment links; for images also `data:image/…`. Everything else (javascript:, vbscript:,
 * data:text/html, file:…) is refused, whatever its spelling.
 */

export type UrlUse = 'link' | 'image'

const LINK_PROTOCOLS = new Set(['http', 'https', 'mailto'])
const IMAGE_PROTOCOLS = new Set(['http', 'https'])
const DATA_IMAGE = /^data:image\/(?:png|jpeg|jpg|gif|bmp|webp|avif|tiff|svg\+xml)[;,]/i

/**
 * The protocol of a URL as a browser would see it: browsers drop ASCII tabs and newlines
 * anywhere and control characters and spaces at the ends, so `java\tscript:` is `javascript:`.
 */
export function urlProtocol(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const colon = cleaned.indexOf(':')
  if (colon === -1) return undefined
  const firstDelimiter = cleaned.search(/[/?#]/)
  if (firstDelimiter !== -1 && firstDelimiter < colon) return undefined
  return cleaned.slice(0, colon).toLowerCase()
}

/** The URL if it is safe for `use`, else `undefined`. */
export function safeUrl(url: string, use: UrlUse = 'link'): string | undefined {
  const protocol = urlProtocol(url)
  if (protocol === undefined) return url
  if (use === 'image' && protocol === 'data') return DATA_IMAGE.test(url.trim()) ? url.trim() : undefined
  return (use === 'image' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).has(protocol) ? url : undefined
}
