/**
 * The preview against hostile Markdown, in real Chromium (xss-vectors.ts holds the vectors).
 *
 * The vectors run with the page's Content-Security-Policy switched off (`bypassCSP`), so the
 * sanitiser alone must stop them: the CSP is a second wall, tested on its own at the end.
 * For each vector: nothing executes (alert & co. trapped, dialogs, javascript: links clicked),
 * nothing loads from another origin, no forbidden element or attribute reaches the preview,
 * every id and name carries the `user-content-` prefix, the app's globals and controls are
 * intact and on top, and the harmless words around the payload are still visible.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launch, openApp, settled } from './browser.js'
import { XSS_VECTORS, vectorCounts, type VectorClass, type XssVector } from './xss-vectors.js'

const url = inject('appUrl')
const appOrigin = new URL(url).origin

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

interface Harness {
  context: BrowserContext
  page: Page
  /** Requests to any origin but the app's. */
  foreign: string[]
  dialogs: string[]
}

/** Traps for anything a payload could run; installed before the app's own scripts. */
function installTraps(): void {
  const w = window as unknown as Record<string, unknown> & { __xssHits: string[] }
  w.__xssHits = []
  const hit = (what: string) => () => {
    w.__xssHits.push(what)
  }
  w.alert = hit('alert')
  w.confirm = hit('confirm')
  w.prompt = hit('prompt')
  w.print = hit('print')
  w.__xss = hit('__xss')
  const open = window.open.bind(window)
  w.open = (...args: Parameters<typeof window.open>) => {
    w.__xssHits.push(`window.open(${String(args[0])})`)
    return open(...args)
  }
}

async function harness(options: { bypassCSP: boolean }): Promise<Harness> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: options.bypassCSP })
  const foreign: string[] = []
  const dialogs: string[] = []
  await context.route('**/*', (route) => {
    const requested = route.request().url()
    if (/^(data|blob):/.test(requested) || new URL(requested).origin === appOrigin) return route.continue()
    foreign.push(requested)
    return route.abort()
  })
  context.on('request', (request) => {
    const requested = request.url()
    if (!/^(data|blob):/.test(requested) && new URL(requested).origin !== appOrigin && !foreign.includes(requested)) foreign.push(requested)
  })
  await context.addInitScript(installTraps)
  const page = await context.newPage()
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openApp(page, url)
  return { context, page, foreign, dialogs }
}

function documentFor(vector: XssVector, n: number): { text: string; before: string; after: string } {
  const before = `keepA${n}`
  const after = `keepZ${n}`
  const text =
    vector.shape === 'block' ? `${before}\n\n${vector.payload}\n\n${after}\n` : vector.shape === 'leading' ? `${vector.payload}\n\n${before} ${after}\n` : `${before} ${vector.payload} ${after}\n`
  return { text, before, after }
}

/** Everything the page says is wrong with the preview right now (run in the page). */
function inspectPreview(args: { words: string[]; origin: string }): string[] {
  const problems: string[] = []
  const preview = document.querySelector('[data-testid="preview"]')
  if (!preview) return ['the preview is gone']
  const FORBIDDEN = new Set([
    'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe', 'form', 'button', 'select', 'textarea',
    'option', 'base', 'meta', 'link', 'style', 'template', 'noscript', 'svg', 'foreignobject', 'video', 'audio', 'marquee', 'dialog',
    'slot', 'annotation-xml', 'maction', 'isindex', 'keygen', 'xmp', 'plaintext', 'title', 'noembed', 'noframes', 'area', 'map', 'image', 'handler',
  ])
  const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'longdesc', 'data', 'codebase', 'dynsrc', 'lowsrc', 'ping', 'attributionsrc'])
  const badUrl = (value: string) => {
    // As the browser reads it: tabs and newlines dropped anywhere, controls and spaces at the ends.
    // eslint-disable-next-line no-control-regex
    const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '').toLowerCase()
    return /(^|[\s,])(javascript|vbscript|livescript):/.test(cleaned) || /(^|[\s,])data:(?!image\/(png|jpe?g|gif|bmp|webp|avif|tiff|svg\+xml)[;,])/.test(cleaned)
  }
  for (const element of preview.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase()
    if (FORBIDDEN.has(tag)) problems.push(`forbidden element <${tag}>`)
    if (tag === 'input' && !((element as HTMLInputElement).type === 'checkbox' && (element as HTMLInputElement).disabled)) problems.push('an <input> that is not a disabled checkbox')
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase()
      const value = attribute.value
      if (name.startsWith('on')) problems.push(`event handler ${name} on <${tag}>`)
      if (['formaction', 'action', 'ping', 'srcdoc', 'autofocus', 'contenteditable', 'popover', 'accesskey', 'attributionsrc', 'xmlns:ev'].includes(name)) problems.push(`attribute ${name} on <${tag}>`)
      if (URL_ATTRIBUTES.has(name) && badUrl(value)) problems.push(`${name}="${value}" on <${tag}>`)
      if (name === 'style' && /position|url\(|expression|import|z-index|behavio|binding|transform|inset|content/i.test(value)) problems.push(`style="${value}" on <${tag}>`)
      if ((name === 'id' || name === 'name') && !value.startsWith('user-content-')) problems.push(`${name}="${value}" without the user-content- prefix on <${tag}>`)
      if (name === 'target' && value !== '_blank') problems.push(`target="${value}" on <${tag}>`)
      if (name === 'class' && /\b(topbar|banner|app|page|preview-pane|editor-pane|workspace|statusbar|sidebar)\b/.test(value)) problems.push(`app class "${value}" on <${tag}>`)
    }
    if (tag === 'a' && element.getAttribute('target') === '_blank' && !/\bnoopener\b/.test(element.getAttribute('rel') ?? '')) problems.push('target=_blank without rel=noopener')
    const position = getComputedStyle(element).position
    if (position === 'fixed' || position === 'sticky') problems.push(`position:${position} on <${tag}>`)
  }
  // javascript: links, if any got through, would run when clicked: click every link that is not http(s)/mailto.
  for (const link of preview.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (!/^(https?|mailto):/i.test(link.href)) link.click()
  }
  // The words around the payload: present and visible.
  for (const word of args.words) {
    const walker = document.createTreeWalker(preview, NodeFilter.SHOW_TEXT)
    let found: Element | null = null
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue?.includes(word)) {
        found = node.parentElement
        break
      }
    }
    if (!found) problems.push(`"${word}" is missing from the preview`)
    else if (!found.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || found.getBoundingClientRect().width === 0) problems.push(`"${word}" is not visible`)
  }
  // The app's globals and its own elements.
  const root = document.getElementById('root')
  if (!(root instanceof HTMLDivElement) || preview.contains(root)) problems.push('#root is clobbered')
  if (!(document.body instanceof HTMLBodyElement) || getComputedStyle(document.body).display === 'none') problems.push('document.body is clobbered or hidden')
  if (typeof document.getElementById !== 'function' || typeof document.querySelector !== 'function' || typeof document.querySelectorAll !== 'function') problems.push('document methods are clobbered')
  if (typeof document.cookie !== 'string') problems.push('document.cookie is clobbered')
  if (window.location.origin !== args.origin) problems.push(`the page left the app: ${window.location.href}`)
  const w = window as unknown as Record<string, unknown>
  const d = document as unknown as Record<string, unknown>
  for (const name of ['alert', 'location', 'cookie', 'body', 'forms', 'defaultView', 'getElementById', 'querySelector', 'querySelectorAll', 'appendChild', 'constructor', '__proto__', 'root', 'x', 'y', 'p', 'test', 'markdocx', '__xss', 'hasOwnProperty', 'toString']) {
    for (const [owner, holder] of [['window', w], ['document', d]] as const) {
      const value = holder[name]
      const elements = value instanceof Element ? [value] : value instanceof HTMLCollection || value instanceof NodeList ? [...value] : []
      if (elements.some((element) => preview.contains(element))) problems.push(`${owner}.${name} is a preview element`)
    }
  }
  // The app's controls are still where a click lands (nothing overlays them), and visible.
  for (const selector of ['[data-testid="export-docx"]', '[data-testid="editor"] .cm-scroller', '.topbar']) {
    const element = document.querySelector<HTMLElement>(selector)
    if (!element || !element.checkVisibility()) {
      problems.push(`${selector} is hidden`)
      continue
    }
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + Math.min(box.height / 2, 10))
    if (!top || !(element.contains(top) || top.contains(element))) problems.push(`${selector} is covered by <${top?.localName}>`)
  }
  return problems
}

async function showVector(page: Page, text: string, before: string): Promise<void> {
  await page.evaluate(() => {
    const content = document.querySelector<HTMLElement>('[data-testid="editor"] .cm-content')
    content?.focus()
  })
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  await page.waitForFunction((word) => document.querySelector('[data-testid="preview"]')?.textContent?.includes(word), before, { timeout: 10_000 }).catch(() => undefined)
}

/** Shows vectors in one document (each between its own marker words); returns what went wrong. */
async function runDocument(h: Harness, vectors: XssVector[]): Promise<string[]> {
  const parts = vectors.map((vector) => documentFor(vector, XSS_VECTORS.indexOf(vector)))
  h.foreign.length = 0
  h.dialogs.length = 0
  await showVector(h.page, parts.map((part) => part.text).join('\n'), parts[0]!.before)
  // Let image loads, error events and animations fire.
  await settled(h.page, '[data-testid="preview"]')
  const words = parts.flatMap((part) => [part.before, part.after])
  const problems = await h.page.evaluate(inspectPreview, { words, origin: appOrigin }).catch((error: unknown) => [`the page could not be inspected: ${String(error)}`])
  // The links inspectPreview clicked have had their turn.
  await settled(h.page, '[data-testid="preview"]')
  const hits = await h.page.evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits?.splice(0) ?? ['the traps are gone']).catch(() => ['the page is gone'])
  problems.push(...hits.map((hit) => `executed: ${hit}`))
  problems.push(...h.dialogs.map((message) => `dialog: ${message}`))
  problems.push(...h.foreign.map((request) => `request to ${request}`))
  if (h.page.url() !== url) {
    problems.push(`navigated to ${h.page.url()}`)
    await openApp(h.page, url)
  }
  return [...new Set(problems)]
}

/**
 * Runs the vectors of one class, a dozen per document; a document with any problem is run
 * again one vector at a time, so each problem is pinned to its vector.
 */
async function runClass(h: Harness, vectors: XssVector[]): Promise<string[]> {
  const failures: string[] = []
  const BATCH = 12
  // A vector that must open the document (front matter) runs alone.
  const batches: XssVector[][] = []
  for (const vector of vectors) {
    const last = batches.at(-1)
    if (vector.shape !== 'leading' && last && last.length < BATCH && last[0]!.shape !== 'leading') last.push(vector)
    else batches.push([vector])
  }
  for (const batch of batches) {
    const together = await runDocument(h, batch)
    if (together.length === 0) continue
    for (const vector of batch) {
      const problems = await runDocument(h, [vector])
      if (problems.length > 0) failures.push(`${vector.id} ${JSON.stringify(vector.payload)}:\n    ${problems.join('\n    ')}`)
    }
  }
  return failures
}

const CLASSES = Object.keys(vectorCounts()) as VectorClass[]

describe('preview security (sanitiser alone: CSP bypassed)', () => {
  let h: Harness

  beforeAll(async () => {
    h = await harness({ bypassCSP: true })
  })

  afterAll(async () => {
    await h?.context.close()
  })

  it.each(CLASSES.map((cls) => [cls, XSS_VECTORS.filter((vector) => vector.class === cls).length] as const))('%s: %i vectors do nothing', async (cls) => {
    const failures = await runClass(h, XSS_VECTORS.filter((vector) => vector.class === cls))
    expect(failures.join('\n')).toBe('')
  })

  it('would see a hole: the checks catch a payload planted in the preview behind the sanitiser', async () => {
    await showVector(h.page, 'keepA0 planted keepZ0\n', 'keepA0')
    h.foreign.length = 0
    await h.page.evaluate(() => {
      const block = document.querySelector('[data-testid="preview"] p')!
      block.insertAdjacentHTML('beforeend', '<a id="plantedlink" href="javascript:alert(1)">x</a><img name="cookie" src="https://evil.invalid/p.png" onerror="alert(2)"><div style="position:fixed;inset:0;z-index:99">over</div>')
    })
    await settled(h.page, '[data-testid="preview"]')
    const problems = await h.page.evaluate(inspectPreview, { words: ['keepA0', 'keepZ0'], origin: appOrigin })
    const hits = await h.page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits.splice(0))
    expect(problems).toEqual(
      expect.arrayContaining([
        'href="javascript:alert(1)" on <a>',
        'event handler onerror on <img>',
        'id="plantedlink" without the user-content- prefix on <a>',
        'document.cookie is clobbered',
        'position:fixed on <div>',
      ]),
    )
    // The preview pane is paint- and layout-contained (app.css), so even a fixed overlay that got
    // past the sanitiser stays inside it: the Export button is not covered.
    expect(problems).not.toContain('[data-testid="export-docx"] is covered by <div>')
    expect(hits).toEqual(expect.arrayContaining(['alert']))
    expect([...new Set(h.foreign)]).toEqual(['https://evil.invalid/p.png'])
    h.foreign.length = 0
  })

  it('still works as an editor afterwards', async () => {
    await showVector(h.page, '# Fine\n\nA [link](https://example.org) and *text*.\n', 'Fine')
    await expect.poll(() => h.page.locator('[data-testid="preview"] h1').textContent()).toBe('Fine')
    const link = h.page.locator('[data-testid="preview"] a')
    expect(await link.getAttribute('href')).toBe('https://example.org')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
  })
})

describe('Content-Security-Policy', () => {
  interface Directives {
    [name: string]: string[]
  }
  const parse = (policy: string): Directives =>
    Object.fromEntries(
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!.toLowerCase(), values]),
    )

  it('is sent with the app and forbids inline and foreign script', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const response = await page.goto(url)
    const header = response?.headers()['content-security-policy'] ?? ''
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
    for (const policy of [header, meta ?? '']) {
      const directives = parse(policy)
      const scripts = directives['script-src'] ?? directives['default-src'] ?? []
      expect(scripts).toEqual(["'self'"])
      expect(directives['object-src']).toEqual(["'none'"])
      expect(directives['base-uri']).toEqual(["'none'"])
      expect(directives['form-action']).toEqual(["'none'"])
      expect(directives['frame-src']).toEqual(["'none'"])
      // Workers from the app only; no inline style *elements* are needed either way.
      expect(directives['worker-src']).toEqual(["'self'"])
    }
    expect(parse(header)['frame-ancestors']).toEqual(["'none'"])
    await context.close()
  })

  it('blocks an injected inline script, event handler, javascript: URL, eval and a foreign script', async () => {
    const context = await browser.newContext()
    const foreign: string[] = []
    await context.route('**/*', (route) => {
      const requested = route.request().url()
      if (/^(data|blob):/.test(requested) || new URL(requested).origin === appOrigin) return route.continue()
      foreign.push(requested)
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__foreign = 1' })
    })
    const page = await context.newPage()
    await openApp(page, url)
    const result = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>
      const violations: string[] = []
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective))
      const inline = document.createElement('script')
      inline.textContent = 'window.__inline = 1'
      document.head.append(inline)
      const foreignScript = document.createElement('script')
      foreignScript.src = 'https://evil.invalid/x.js'
      const foreignDone = new Promise((resolve) => {
        foreignScript.onload = foreignScript.onerror = resolve
      })
      document.head.append(foreignScript)
      const handler = document.createElement('div')
      handler.setAttribute('onclick', 'window.__handler = 1')
      document.body.append(handler)
      handler.click()
      handler.remove()
      const link = document.createElement('a')
      link.href = 'javascript:window.__jsurl=1'
      document.body.append(link)
      link.click()
      link.remove()
      // String timers go through the same check as eval (code run by the test harness itself is exempt).
      ;(setTimeout as unknown as (code: string, ms: number) => number)('window.__eval = 1', 0)
      // Each attempt has had its turn: the foreign script has loaded or failed, a timer set after
      // the string timer has fired, and two frames have passed (the javascript: URL's navigation).
      await foreignDone
      await new Promise((resolve) => setTimeout(resolve, 0))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return { inline: w.__inline, foreign: w.__foreign, handler: w.__handler, jsurl: w.__jsurl, evaluated: w.__eval, violations }
    })
    expect(result.inline).toBeUndefined()
    expect(result.foreign).toBeUndefined()
    expect(result.handler).toBeUndefined()
    expect(result.jsurl).toBeUndefined()
    expect(result.evaluated).toBeUndefined()
    expect(result.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']))
    expect(foreign).toEqual([])
    await context.close()
  })
})
