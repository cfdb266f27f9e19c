import { describe, expect, it } from 'vitest'
import { safeUrl, urlProtocol } from '../../src/mdast/safe-url.js'

describe('safe URLs (shared by preview and export)', () => {
  it('allows http(s), mailto, relative and fragment links', () => {
    for (const url of ['https://example.com', 'http://x.y/a?b#c', 'mailto:a@b.c', 'docs/a.md', '../up', '/abs', '#frag', '?q=1', 'a:b/c'.replace('a:b', 'ab')]) expect(safeUrl(url)).toBe(url)
  })

  it('refuses script and other protocols however they are spelled', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:x', ' javascript:x', 'java\tscript:x', 'java\nscript:x', '\u0000javascript:x', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd', 'ftp://x']) {
      expect(safeUrl(url), url).toBeUndefined()
    }
  })

  it('allows data:image/… only for images, and no links for images', () => {
    expect(safeUrl('data:image/png;base64,AAAA', 'image')).toBe('data:image/png;base64,AAAA')
    expect(safeUrl('data:image/svg+xml,<svg/>', 'image')).toBe('data:image/svg+xml,<svg/>')
    expect(safeUrl('data:text/html,x', 'image')).toBeUndefined()
    expect(safeUrl('data:image/png;base64,AAAA', 'link')).toBeUndefined()
    expect(safeUrl('mailto:a@b.c', 'image')).toBeUndefined()
  })

  it('finds the protocol only before the first /, ? or #', () => {
    expect(urlProtocol('path/with:colon')).toBeUndefined()
    expect(urlProtocol('?a=b:c')).toBeUndefined()
    expect(urlProtocol('HTTPS://x')).toBe('https')
  })
})
