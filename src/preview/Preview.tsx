/**
 * The rendered document: one memoised component per top-level block, keyed by the block's
 * content key, so an edit re-renders only the blocks it changed. hast becomes React elements
 * through hast-util-to-jsx-runtime — no HTML strings.
 *
 * Long documents draw only the blocks near the viewport: the others are two spacers (above and
 * below) as tall as those blocks measured when last drawn, or as estimated from their size
 * (geometry.ts). Every block keeps its place and source line in the model, so scroll sync
 * (scroll-sync.ts), click-to-source, `#slug` links and outline jumps work across the whole
 * document: a jump to a block not drawn scrolls to its place, draws it, then finds the element.
 * The blocks come from a store outside React (store.ts): a worker patch re-renders this
 * component alone, and only the blocks it draws.
 *
 * Drawing is time-sliced: blocks new to the page are mounted a slice at a time (SLICE_COST,
 * counted in elements), each slice its own task, so a paste of hundreds of heavy blocks never
 * holds the main thread for long; the blocks not mounted yet wait in the bottom spacer. Blocks
 * already on the page cost nothing, so an edit draws at once. Off-screen blocks skip layout
 * and paint (`content-visibility: auto` in preview.css, sized by their height in the model
 * until laid out once); heights are measured once Chromium has laid a block out
 * (ShellObserver). Blocks too large to draw in one slice arrive cut by the worker
 * (markdown/preview/size-limits.ts).
 *
 * Source lines: the block's own `data-line` comes from its props; lines of elements inside it
 * are stored relative to the block (`data-rel`) and made absolute in the DOM after render, so
 * a block that only moved is not rendered again.
 */
import type { Root as HastRoot } from 'hast'
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime'
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode, type Ref, type RefObject } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { headingsUpTo, OUTLINE_LIMIT, topDepth, type PageOutline, type PreviewBlock } from '../markdown/preview-hast.js'
import { CLOBBER_PREFIX } from '../markdown/preview/clobber.js'
import { CUT_CLASS, group } from '../markdown/preview/size-limits.js'
import { PreviewCheckbox, PreviewImage } from './components.js'
import { PreviewDiv } from './Diagram.js'
import { BlockGeometry, indexAtOffset } from './geometry.js'
import type { PreviewView } from './scroll-sync.js'
import type { PreviewStore } from './store.js'

const components: Partial<Components> = { img: PreviewImage, input: PreviewCheckbox, div: PreviewDiv }

/** Documents with more blocks than this draw only those near the viewport. */
export const WINDOW_FROM = 400

/**
 * What one slice of drawing may mount, in elements (block.elements; a block without the count
 * costs its rows). Measured in Chromium (tests/e2e/robustness.test.ts, traced): a 3 000-element
 * nested list took 350 ms of React and layout on the two-core VM under a load of 8, a
 * 2 000-cell table 150 ms; idle, a quarter of that. Footnotes (ids, back links, labels) cost
 * more an element: 1 500 of them held the page 100–150 ms, so 800.
 */
export const SLICE_COST = 800

/**
 * What an element of the footnotes section counts for against SLICE_COST: each note is a list
 * item with an id, a paragraph and a back link with its label and href, so its elements cost
 * the page about twice a list's. Measured in Chromium with the CPU slowed down twice (20 000
 * footnotes, three runs, `Emulation.setCPUThrottlingRate`): the draw's longest tasks took
 * 96–186 ms at 1, 86–117 at 2.
 */
const FOOTNOTE_WEIGHT = 2

const BlockContent = memo(function BlockContent({ hast }: { hast: HastRoot }) {
  // passNode: a diagram's div reads its source from the hast (Diagram.tsx).
  return toJsxRuntime(hast, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true, passNode: true })
})

interface ShellProps {
  block: PreviewBlock
  hast: HastRoot | undefined
  /**
   * The block's height in the geometry's model (measured, or estimated from its size): what it
   * takes while not laid out. Another figure here than the model's put the drawn blocks
   * elsewhere than the model did, and scroll sync went back and forth between the two places,
   * a draw every frame.
   */
  estimate: number
  /** Not drawn yet (a later slice draws it): an empty box of the block's estimated height. */
  pending: boolean
}

const BlockShell = memo(function BlockShell({ block, hast, estimate, pending }: ShellProps) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element || pending) return
    for (const node of element.querySelectorAll<HTMLElement>('[data-rel]')) {
      node.setAttribute('data-line', String(block.line + Number(node.getAttribute('data-rel'))))
    }
  }, [block.line, hast, pending])
  return (
    <div
      ref={ref}
      className={block.kind === 'footnotes' ? 'md-block md-footnotes' : 'md-block'}
      data-block=""
      data-line={block.line}
      data-end-line={block.endLine}
      {...(pending ? { 'data-pending': '' } : {})}
      // The estimate sizes the block while `content-visibility: auto` skips it (preview.css); once drawn, Chromium keeps its real size (`auto`).
      style={pending ? { height: estimate } : { containIntrinsicBlockSize: `auto ${estimate}px` }}
    >
      {hast && !pending ? <BlockContent hast={hast} /> : null}
    </div>
  )
}, (a, b) => a.hast === b.hast && a.pending === b.pending && a.estimate === b.estimate && a.block.line === b.block.line && a.block.endLine === b.block.endLine && a.block.kind === b.block.kind && a.block.rows === b.block.rows)

/**
 * The keys the page draws blocks[start … end) under. Equal blocks (two `---`, two identical
 * paragraphs, headings sharing one `{#id}`) share a content key: its second and later
 * occurrences get `~1`, `~2`… — React keys must differ, and the slices count what is on the
 * page by them (with content keys alone, a block equal to one already drawn counted as drawn,
 * and 10 000 equal headings were mounted in one task of 190–380 ms).
 */
export function drawKeys(blocks: readonly PreviewBlock[], start: number, end: number): string[] {
  const keys: string[] = []
  const seen = new Map<string, number>()
  for (let index = start; index < end; index++) {
    const key = blocks[index]!.key
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    keys.push(n === 0 ? key : `${key}~${n}`)
  }
  return keys
}

/**
 * Which blocks of blocks[start … end) wait for a later slice: those new to the page (their
 * draw key, `keys[index - start]`, not in `mounted`) after the first SLICE_COST elements of new
 * ones. The first new block is always drawn.
 */
export function pendingBlocks(blocks: readonly PreviewBlock[], start: number, end: number, mounted: ReadonlySet<string>, has: (key: string) => boolean = () => true, keys: readonly string[] = drawKeys(blocks, start, end)): ReadonlySet<number> {
  const pending = new Set<number>()
  let cost = 0
  let full = false
  for (let index = start; index < end; index++) {
    const block = blocks[index]!
    if (mounted.has(keys[index - start]!)) continue
    // Its rendering is still on its way from the worker (HastReply): it waits, and the next part re-renders the page.
    if (!has(block.key)) {
      pending.add(index)
      continue
    }
    const weight = (block.elements ?? Math.ceil(block.rows * 4)) * (block.kind === 'footnotes' ? FOOTNOTE_WEIGHT : 1)
    // In order: once a block waits, every new one after it does.
    if (full || (cost > 0 && cost + weight > SLICE_COST)) {
      full = true
      pending.add(index)
    } else cost += Math.max(1, weight)
  }
  return pending
}

/** What the app asks of the preview: its geometry for scroll sync, and jumps to ids. */
export interface PreviewHandle {
  /** The drawn blocks and the model of all of them; null before the first draw. */
  view(): PreviewView | null
  /** Scrolls the element with this id (or the sanitiser's prefixed id) to the top, drawing its block first; false when no block has it. */
  revealId(id: string): boolean
}

export interface PreviewProps {
  store: PreviewStore
  /** A click on a block (not on a link): the block's source line. */
  onLineClick: (line: number) => void
  /** The table of contents the front matter asks for (`toc: true`), shown after the title block as in the export. */
  toc?: { depth: number; outline: PageOutline }
  /** The element that scrolls the preview; without it every block is drawn. */
  scroller?: RefObject<HTMLElement | null>
  /**
   * Without a scroller, draw the blocks a chunk per animation frame rather than all in one go
   * (the Word page view draws all of a long document, which would hold the page for seconds).
   */
  progressive?: boolean
  /** After the drawn blocks changed (a scroll, an edit) and were measured: the app may sync scrolling again. */
  onDrawn?: () => void
  ref?: Ref<PreviewHandle>
}

/** The contents list the export puts after the title block (a TOC field in Word), with working links. */
function TableOfContents({ depth, outline }: { depth: number; outline: PageOutline }) {
  const all = outline.entries.filter((entry) => entry.depth <= depth)
  // Like the outline, the first OUTLINE_LIMIT: 100 000 entries froze the page (Word's TOC field has them all).
  const shown = all.length > OUTLINE_LIMIT ? all.slice(0, OUTLINE_LIMIT) : all
  const top = topDepth(shown)
  const more = headingsUpTo(outline, depth) - shown.length
  return (
    <nav className="toc" aria-label="Contents">
      <p className="toc-title">Contents</p>
      {shown.map((entry, i) => (
        <p key={`${entry.slug}-${i}`} className={`toc-entry toc-${entry.depth - top + 1}`}>
          <a href={`#${entry.slug}`}>{entry.text}</a>
        </p>
      ))}
      {more > 0 && <p className={`toc-entry ${CUT_CLASS}`}>… {group(more)} more headings — shown in the export</p>}
    </nav>
  )
}

/** Finds the element a fragment link points at: its own id, or the sanitiser's prefixed one. */
export function fragmentTarget(root: ParentNode, fragment: string): HTMLElement | null {
  const id = decodeFragment(fragment)
  if (id === '') return null
  const byId = (value: string) => root.querySelector<HTMLElement>(`[id="${CSS.escape(value)}"]`)
  return byId(id.startsWith(CLOBBER_PREFIX) ? id : CLOBBER_PREFIX + id) ?? byId(id)
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

/**
 * The colours of highlighted code (the ones Word's token styles use), loaded on demand so the
 * highlighter is not in the page's first bundle.
 */
function useHighlightCss(): string {
  const [css, setCss] = useState('')
  useEffect(() => {
    let live = true
    import('../mdast/highlight.js').then(
      ({ highlightCss }) => live && setCss(highlightCss('.page-content pre code')),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return css
}

/** The part of the document in view, in pixels from its top. */
interface Viewport {
  top: number
  height: number
}

/** Blocks drawn per animation frame when drawing progressively. */
export const PROGRESSIVE_CHUNK = 120

const NONE_PENDING: ReadonlySet<number> = new Set()

/** Blocks drawn beyond the viewport, above and below, in pixels (at least one viewport). */
const OVERSCAN = 800

/**
 * Watches the drawn blocks' sizes, and tells which can be measured. A block just mounted stands
 * at its estimate (`contain-intrinsic-block-size`, preview.css) until the frame after: Chromium
 * decides then whether `content-visibility: auto` lays out its content, and before that even
 * `checkVisibility` answers wrongly (measured: a 50 px block read 5 000 px and visible). So a
 * block is measured once a resize report came after it was laid out, and while its content is
 * laid out: recording an estimate as a height kept 4 276 px for 600 list parts 1 850 tall, and
 * the end of the list never came into the drawn range.
 */
class ShellObserver {
  private readonly observer: ResizeObserver
  private watched = new Set<Element>()
  private readonly laidOut = new WeakSet<Element>()

  constructor(onResize: () => void) {
    this.observer = new ResizeObserver((entries) => {
      for (const entry of entries) if (contentLaidOut(entry.target)) this.laidOut.add(entry.target)
      onResize()
    })
  }

  /** Observes the shells given, stops observing those no longer given (observing again would report a shell again). */
  observe(shells: readonly Element[]): void {
    const next = new Set(shells)
    for (const shell of this.watched) if (!next.has(shell)) this.observer.unobserve(shell)
    for (const shell of next) if (!this.watched.has(shell)) this.observer.observe(shell)
    this.watched = next
  }

  /** Whether the shell's height is its content's: seen laid out after a frame, and laid out now (not at a stale remembered size). */
  measurable(shell: Element): boolean {
    return this.laidOut.has(shell) && contentLaidOut(shell)
  }

  disconnect(): void {
    this.observer.disconnect()
    this.watched.clear()
  }
}

/** Whether `content-visibility: auto` lays out the shell's content (a hidden first child cannot tell: taken as yes). */
function contentLaidOut(shell: Element): boolean {
  const child = shell.firstElementChild
  if (!child || typeof child.checkVisibility !== 'function' || !child.checkVisibility()) return true
  return child.checkVisibility({ contentVisibilityAuto: true })
}

function PreviewComponent({ store, onLineClick, toc, scroller, progressive = false, onDrawn, ref }: PreviewProps) {
  const css = useHighlightCss()
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion)
  const blocks = store.getBlocks()
  const article = useRef<HTMLElement>(null)
  const geometry = useRef(new BlockGeometry()).current
  /** Bumped when measured heights or the viewport move the drawn range. */
  const [, setTick] = useState(0)
  const viewport = useRef<Viewport>({ top: 0, height: 0 })
  const windowed = scroller !== undefined && blocks.length > WINDOW_FROM
  // The geometry keeps its offsets until a height changes, so reading them on every render is cheap.
  const offsets = geometry.offsets(blocks)
  const reveal = useRef<{ index: number; id: string | undefined } | null>(null)

  const rangeFor = useCallback(
    (from: Viewport): [number, number] => {
      if (!windowed) return [0, blocks.length]
      // Read afresh, not the render's: after a draw the layout effect records the blocks' heights
      // and asks again. Offsets from before them kept the range as it was, and with the preview
      // scrolled to its bottom (no scroll event to come) the last block of a document never
      // appeared: it followed 600 parts of one long list, each estimated at 4 276 px and 1 850 tall.
      const offsets = geometry.offsets(blocks)
      const margin = Math.max(OVERSCAN, from.height)
      let start = indexAtOffset(offsets, blocks.length, from.top - margin)
      let end = indexAtOffset(offsets, blocks.length, from.top + from.height + margin) + 1
      const pending = reveal.current
      if (pending && pending.index < blocks.length) {
        start = Math.min(start, pending.index)
        end = Math.max(end, pending.index + 1)
      }
      return [start, Math.min(blocks.length, end)]
    },
    [windowed, blocks, geometry],
  )
  const [start, fullEnd] = rangeFor(viewport.current)
  // Drawing progressively: how many blocks are drawn so far (it only grows; an edit keeps it).
  const [limit, setLimit] = useState(PROGRESSIVE_CHUNK)
  const end = progressive && !windowed ? Math.min(fullEnd, limit) : fullEnd
  useEffect(() => {
    if (!progressive || windowed || limit >= blocks.length) return
    const frame = requestAnimationFrame(() => setLimit((drawnSoFar) => drawnSoFar + PROGRESSIVE_CHUNK))
    return () => cancelAnimationFrame(frame)
  }, [progressive, windowed, limit, blocks.length])
  const drawn = useRef<{ start: number; end: number; blocks: readonly PreviewBlock[]; later: ReadonlySet<number> }>({ start, end, blocks, later: NONE_PENDING })
  /** Keys of the blocks on the page (drawn, not pending) after the last commit. */
  const mounted = useRef<ReadonlySet<string>>(new Set())
  // Only a preview that scrolls draws in slices: one drawn whole (printing, tests) must have everything at once.
  const keys = drawKeys(blocks, start, end)
  const later = scroller !== undefined ? pendingBlocks(blocks, start, end, mounted.current, (key) => store.hasHast(key), keys) : NONE_PENDING

  /** Reads where the scroller shows the document; redraws when that moves the range. */
  const readViewport = useCallback((): boolean => {
    const box = scroller?.current
    const element = article.current
    if (!box || !element) return false
    const top = box.scrollTop - (element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop)
    viewport.current = { top, height: box.clientHeight }
    const [nextStart, nextEnd] = rangeFor(viewport.current)
    return nextStart !== drawn.current.start || nextEnd !== drawn.current.end
  }, [scroller, rangeFor])

  useEffect(() => {
    const box = scroller?.current
    if (!box || !windowed) return
    let frame = 0
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        if (readViewport()) setTick((n) => n + 1)
      })
    }
    box.addEventListener('scroll', onScroll, { passive: true })
    const resize = new ResizeObserver(onScroll)
    resize.observe(box)
    return () => {
      cancelAnimationFrame(frame)
      box.removeEventListener('scroll', onScroll)
      resize.disconnect()
    }
  }, [scroller, windowed, readViewport])

  /** Whether the last draw left blocks for a later slice. */
  const slicing = useRef(false)
  // The next slice, in a task of its own (so input and painting come between slices).
  // (Blocks whose rendering has not come yet wait for it, not for a tick.)
  let waiting = false
  for (const index of later) if (store.hasHast(blocks[index]!.key)) waiting = true
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setTick((n) => n + 1), 0)
    return () => clearTimeout(timer)
  })

  /** Watches the drawn blocks' sizes once the page is windowed. */
  const resizes = useRef<ShellObserver | null>(null)
  /**
   * Records the heights of the blocks on the page (by the distance from each top to the next, so
   * the margins between blocks count) that can be measured (ShellObserver); true when one
   * differs from what the offsets assumed.
   */
  const measure = useCallback((): boolean => {
    const element = article.current
    if (!element || !windowed) {
      // A document grown short again draws every block: nothing to watch.
      resizes.current?.disconnect()
      return false
    }
    const { start: first, end: last, blocks: list, later: waiting } = drawn.current
    let remeasure = geometry.setWidth(element.clientWidth)
    // Without ResizeObserver (jsdom) every drawn block is taken as laid out.
    const observer = typeof ResizeObserver === 'undefined' ? null : (resizes.current ??= new ShellObserver(() => onResize.current()))
    const shells: HTMLElement[] = []
    for (const child of element.children) if (child instanceof HTMLElement && child.hasAttribute('data-block')) shells.push(child)
    const after = element.querySelector<HTMLElement>(':scope > [data-spacer="bottom"]')
    for (let index = 0; index < shells.length && first + index < last; index++) {
      // A block waiting for its slice has only its estimate to show.
      if (waiting.has(first + index)) continue
      const shell = shells[index]!
      if (observer && !observer.measurable(shell)) continue
      const next = shells[index + 1] ?? after
      const height = next ? next.offsetTop - shell.offsetTop : shell.offsetHeight
      if (geometry.record(list[first + index]!, Math.max(0, height), first + index)) remeasure = true
    }
    geometry.prune(list)
    observer?.observe(shells)
    return remeasure
  }, [geometry, windowed])

  /**
   * A drawn block that changes size after the draw — laid out in the frame after it was
   * mounted, or when it scrolls into view, an image or diagram arriving — is measured after
   * the layout that changed it, and the page drawn again with its height: with the preview
   * scrolled to its bottom, no scroll event comes to do it.
   */
  const onResize = useRef(() => {})
  /** Heights changed after a draw: the next draw counts as a change (the app syncs scrolling again). */
  const resized = useRef(false)
  onResize.current = () => {
    if (!measure()) return
    resized.current = true
    setTick((n) => n + 1)
  }
  useEffect(
    () => () => {
      resizes.current?.disconnect()
      resizes.current = null
    },
    [],
  )

  // After every draw: measure the drawn blocks, settle the range, finish a pending jump.
  const settling = useRef(0)
  useLayoutEffect(() => {
    const element = article.current
    if (!element) return
    const changed = drawn.current.start !== start || drawn.current.end !== end || drawn.current.blocks !== blocks || later.size > 0 || slicing.current || resized.current
    resized.current = false
    slicing.current = later.size > 0
    drawn.current = { start, end, blocks, later }
    const onPage = new Set<string>()
    for (let index = start; index < end; index++) if (!later.has(index)) onPage.add(keys[index - start]!)
    mounted.current = onPage
    // New heights may move the range (blocks shorter than estimated leave the view unfilled):
    // draw again, a few times at most, as heights only ever settle.
    if (measure() && readViewport() && settling.current < 4) {
      settling.current++
      setTick((n) => n + 1)
      return
    }
    settling.current = 0
    const pending = reveal.current
    if (pending && pending.index >= start && pending.index < end) {
      reveal.current = null
      const target = (pending.id !== undefined ? fragmentTarget(element, pending.id) : null) ?? element.querySelectorAll<HTMLElement>(':scope > [data-block]')[pending.index - start] ?? null
      if (target) scrollToTop(scroller?.current ?? null, target)
    }
    if (changed) onDrawn?.()
  })

  const revealId = useCallback(
    (id: string): boolean => {
      const element = article.current
      if (!element) return false
      const found = fragmentTarget(element, id)
      if (found) {
        scrollToTop(scroller?.current ?? null, found)
        return true
      }
      const decoded = decodeFragment(id)
      let index = store.indexOfId(decoded.startsWith(CLOBBER_PREFIX) ? decoded : CLOBBER_PREFIX + decoded)
      if (index < 0) index = store.indexOfId(decoded)
      if (index < 0) return false
      reveal.current = { index, id }
      const box = scroller?.current
      if (box) {
        // To the block's place in the model: the scroll draws it, and the draw finds the element.
        box.scrollTop += element.getBoundingClientRect().top - box.getBoundingClientRect().top + geometry.offsets(store.getBlocks())[index]!
      }
      setTick((n) => n + 1)
      return true
    },
    [geometry, scroller, store],
  )

  useImperativeHandle(
    ref,
    () => ({
      view: () => (article.current ? { article: article.current, blocks: drawn.current.blocks, offsets: geometry.offsets(drawn.current.blocks), start: drawn.current.start, end: drawn.current.end } : null),
      revealId,
    }),
    [geometry, revealId],
  )

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    const link = target.closest('a')
    if (link) {
      const href = link.getAttribute('href') ?? ''
      if (href.startsWith('#')) {
        event.preventDefault()
        const fragment = href.slice(1)
        const found = fragmentTarget(event.currentTarget, fragment)
        if (found) found.scrollIntoView({ block: 'start' })
        else revealId(fragment)
      } else if (!link.hasAttribute('target')) {
        // Relative links point at files next to the Markdown; following one would leave the app.
        event.preventDefault()
      }
      return
    }
    if (!window.getSelection()?.isCollapsed) return
    const lined = target.closest<HTMLElement>('[data-line]')
    const line = Number(lined?.getAttribute('data-line'))
    if (lined && Number.isFinite(line)) onLineClick(line)
  }

  const children: ReactNode[] = []
  if (start > 0) children.push(<div key="spacer-top" data-spacer="top" aria-hidden="true" style={{ height: offsets[start] }} />)
  for (let index = start; index < end; index++) {
    const block = blocks[index]!
    // A pending block draws nothing yet: its rendering (JSON from the worker) is parsed when it is drawn.
    const pending = later.has(index)
    children.push(<BlockShell key={keys[index - start]} block={block} hast={pending ? undefined : store.hastOf(block.key)} estimate={offsets[index + 1]! - offsets[index]!} pending={pending} />)
    // The front matter is the first block (line 1); the contents follow it.
    if (index === 0 && toc && toc.outline.entries.length > 0 && block.line === 1) children.push(<TableOfContents key="toc" depth={toc.depth} outline={toc.outline} />)
  }
  if (end < blocks.length && windowed) children.push(<div key="spacer-bottom" data-spacer="bottom" aria-hidden="true" style={{ height: offsets[blocks.length]! - offsets[end]! }} />)

  return (
    <>
      {/* Outside the article: the preview holds the document only. */}
      {css && <style>{css}</style>}
      <article ref={article} className="page-content markdown-body" data-testid="preview" onClick={onClick} aria-label="Preview">
        {children}
      </article>
    </>
  )
}

/** Puts an element at the top of the scroller (a little below its edge), or into view without one. */
function scrollToTop(box: HTMLElement | null, target: HTMLElement): void {
  if (!box) {
    target.scrollIntoView({ block: 'start' })
    return
  }
  box.scrollTop += target.getBoundingClientRect().top - box.getBoundingClientRect().top - 12
}

export const Preview = memo(PreviewComponent)
