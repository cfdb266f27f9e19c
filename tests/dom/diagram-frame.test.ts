/**
 * The diagram frame (diagrams/diagram-frame.ts) from the page's side: a sandboxed srcdoc frame
 * that loads mermaid and the frame script, one port handed to it once loaded, answers matched
 * by id, and a frame that does not start, has no mermaid or overruns a drawing is removed and
 * replaced on the next drawing. The frame's side is played by the test (jsdom runs no frame
 * scripts); the real frame is driven in Chromium by tests/e2e/diagrams.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DiagramFrame, frameDocument } from '../../src/diagrams/diagram-frame.js'
import type { FrameDrawRequest, FrameMessage } from '../../src/diagrams/frame-protocol.js'
import { DIAGRAM_BOX_WIDTH, MAX_PNG_SIDE, MERMAID_CONFIG, PNG_SCALE } from '../../src/diagrams/mermaid-config.js'

const OPTIONS = { config: MERMAID_CONFIG, boxWidth: DIAGRAM_BOX_WIDTH, scale: PNG_SCALE, maxSide: MAX_PNG_SIDE }

type Behaviour = (request: FrameDrawRequest, port: MessagePort) => void

interface FakeFrame {
  element: HTMLIFrameElement
  requests: FrameDrawRequest[]
}

/** Plays the frame: every iframe appended to the body gets a window whose postMessage hands the test the port. */
function playFrames(ready: FrameMessage | undefined, behaviour: Behaviour): FakeFrame[] {
  const frames: FakeFrame[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLIFrameElement)) continue
        const fake: FakeFrame = { element: node, requests: [] }
        frames.push(fake)
        Object.defineProperty(node, 'contentWindow', {
          value: {
            postMessage(_message: unknown, _origin: string, transfer: MessagePort[]) {
              const port = transfer[0]!
              port.onmessage = ({ data }: MessageEvent<FrameDrawRequest>) => {
                fake.requests.push(data)
                behaviour(data, port)
              }
              if (ready) port.postMessage(ready)
            },
          },
        })
        node.dispatchEvent(new Event('load'))
      }
    }
  })
  observer.observe(document.body, { childList: true })
  stops.push(() => observer.disconnect())
  return frames
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
})

const answer: Behaviour = (request, port) => {
  const message: FrameMessage = { type: 'drawn', id: request.id, drawing: { ok: true, svg: `<svg>${request.source}</svg>`, svgUrl: 'data:image/svg+xml,', png: new Uint8Array([1, 2]), width: 10, height: 5 } }
  port.postMessage(message)
}

function frameFor(drawTimeoutMs = 2000, startTimeoutMs = 2000, idleMs = 60_000): DiagramFrame {
  return new DiagramFrame({ mermaidUrl: '/assets/mermaid.min-x.js', scriptUrl: '/assets/frame-main-y.js?a=1&b="2"', startTimeoutMs, drawTimeoutMs, idleMs })
}

describe('the diagram frame', () => {
  it('is a sandboxed srcdoc frame that loads mermaid, then its own script, from the page’s origin', () => {
    const html = frameDocument('/assets/mermaid.min-x.js', '/assets/frame-main-y.js?a=1&b="2"')
    const origin = new URL(document.baseURI).origin
    expect(html).toBe(
      `<!doctype html><html><head><meta charset="utf-8"></head><body><script src="${origin}/assets/mermaid.min-x.js"></script><script src="${origin}/assets/frame-main-y.js?a=1&amp;b=%222%22"></script></body></html>`,
    )
  })

  it('draws through one frame, answers matched by id, one request per diagram', async () => {
    const frames = playFrames({ type: 'ready', mermaid: true }, answer)
    const frame = frameFor()
    const [first, second] = await Promise.all([frame.draw('A', OPTIONS), frame.draw('B', OPTIONS)])
    expect(first).toMatchObject({ ok: true, svg: '<svg>A</svg>', width: 10 })
    expect(second).toMatchObject({ ok: true, svg: '<svg>B</svg>' })
    expect(frames).toHaveLength(1)
    const element = frames[0]!.element
    expect(element.getAttribute('sandbox')).toBe('allow-scripts')
    expect(element.getAttribute('aria-hidden')).toBe('true')
    expect(element.srcdoc).toContain('mermaid.min-x.js')
    expect(frames[0]!.requests.map((request) => [request.source, request.options.boxWidth])).toEqual([
      ['A', DIAGRAM_BOX_WIDTH],
      ['B', DIAGRAM_BOX_WIDTH],
    ])
    frame.close()
    await Promise.resolve()
    await Promise.resolve()
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  it('gives up a drawing that overruns, removes its frame, and draws the next in a new one', async () => {
    let calls = 0
    const frames = playFrames({ type: 'ready', mermaid: true }, (request, port) => {
      // The first diagram never comes back (mermaid stuck); later ones do.
      if (calls++ > 0) answer(request, port)
    })
    const frame = frameFor(100)
    const stuck = await frame.draw('stuck', OPTIONS)
    expect(stuck).toEqual({ ok: false, error: 'drawing it took longer than 100 ms' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(frames[0]!.element.isConnected).toBe(false)
    expect(await frame.draw('next', OPTIONS)).toMatchObject({ ok: true, svg: '<svg>next</svg>' })
    expect(frames).toHaveLength(2)
    expect(frames[1]!.element.isConnected).toBe(true)
  })

  it('says mermaid could not be loaded when its script did not load in the frame, and tries a new frame next time', async () => {
    const frames = playFrames({ type: 'ready', mermaid: false }, answer)
    const frame = frameFor()
    const drawing = await frame.draw('A', OPTIONS)
    expect(drawing).toEqual({ ok: false, error: 'mermaid could not be loaded (its script did not load in the drawing frame)' })
    expect(frames[0]!.element.isConnected).toBe(false)
    await frame.draw('A', OPTIONS)
    expect(frames).toHaveLength(2)
  })

  it('closes the frame once idle, and starts another for the next diagram', async () => {
    const frames = playFrames({ type: 'ready', mermaid: true }, answer)
    const frame = frameFor(2000, 2000, 50)
    await frame.draw('A', OPTIONS)
    await frame.draw('B', OPTIONS)
    expect(frames).toHaveLength(1)
    expect(frames[0]!.element.isConnected).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(frames[0]!.element.isConnected).toBe(false)
    expect(await frame.draw('C', OPTIONS)).toMatchObject({ ok: true, svg: '<svg>C</svg>' })
    expect(frames).toHaveLength(2)
    frame.close()
  })

  it('gives up a frame that never says it is ready', async () => {
    const frames = playFrames(undefined, answer)
    const drawing = await frameFor(2000, 100).draw('A', OPTIONS)
    expect(drawing).toEqual({ ok: false, error: 'mermaid could not be loaded (the drawing frame did not start)' })
    expect(frames[0]!.element.isConnected).toBe(false)
  })
})
