/**
 * What the workers ask of the page, which has the DOM they lack: an image they cannot decode
 * (SVG) drawn on a canvas, a diagram drawn by mermaid (from the preview's drawings when it has one).
 */
import { drawDiagramForExport } from '../../diagrams/page-diagrams.js'
import type { DiagramDrawn, DrawDiagramRequest, Rasterized, RasterizeRequest } from '../protocol.js'

export type PageAnswer = (answer: Rasterized | DiagramDrawn, transfer?: Transferable[]) => void

/** Draws an image the worker cannot decode (SVG) on a page canvas; PNG bytes or undefined. */
export async function rasterizeOnPage(bytes: Uint8Array, mime: string, width: number, height: number): Promise<Uint8Array | undefined> {
  if (typeof document === 'undefined' || typeof Image === 'undefined') return undefined
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }))
  try {
    const image = new Image()
    image.decoding = 'async'
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return undefined
    context.drawImage(image, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined
  } catch {
    return undefined
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** Does what the request asks and hands the result to `answer` (which posts it to the worker that asked). */
export function answerPageRequest(request: RasterizeRequest | DrawDiagramRequest, answer: PageAnswer): void {
  if (request.type === 'rasterize') {
    void rasterizeOnPage(request.bytes, request.mime, request.width, request.height).then((bytes) => {
      answer({ type: 'rasterized', id: request.id, ...(bytes ? { bytes } : {}) }, bytes ? [bytes.buffer] : [])
    })
    return
  }
  void drawDiagramForExport(request.kind, request.source).then((result) => answer({ type: 'diagram-drawn', id: request.id, result }))
}
