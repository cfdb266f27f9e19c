/**
 * What the page and its diagram frame (diagram-frame.ts, frame-main.ts) say to each other over
 * the MessageChannel the page hands the frame. Types only: the frame's script stays free of imports.
 */
import type { DrawOptions } from './draw-mermaid.js'

/** Page → frame: draw one diagram. */
export interface FrameDrawRequest {
  id: number
  source: string
  options: DrawOptions
}

/** Frame → page: a drawing ready to show and to export. */
export type FrameDrawing =
  | {
      ok: true
      svg: string
      /** The SVG as a `data:` URL, for an `<img>`. */
      svgUrl: string
      /** The PNG's bytes (transferred, not copied). */
      png: Uint8Array
      width: number
      height: number
    }
  | { ok: false; error: string }

export type FrameMessage =
  /** The frame has run its scripts; `mermaid` says whether mermaid's bundle loaded. */
  | { type: 'ready'; mermaid: boolean }
  | { type: 'drawn'; id: number; drawing: FrameDrawing }
