/**
 * What the page and its diagram frame (diagram-frame.ts, frame-main.ts) say to each other over
 * the MessageChannel the page hands the frame. Types only: the frame's script stays free of imports.
 */
import type { DrawOptions } from './draw-mermaid.js'
import type { PageDiagram } from './page-drawing.js'

/** Page → frame: draw one diagram. */
export interface FrameDrawRequest {
  id: number
  source: string
  options: DrawOptions
}

export type FrameMessage =
  /** The frame has run its scripts; `mermaid` says whether mermaid's bundle loaded. */
  | { type: 'ready'; mermaid: boolean }
  /** A drawing ready to show and to export (its PNG's buffer transferred, not copied). */
  | { type: 'drawn'; id: number; drawing: PageDiagram }
