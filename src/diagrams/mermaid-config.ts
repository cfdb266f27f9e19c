/**
 * How markdocx asks mermaid to draw, the same in the app's page and the CLI's headless
 * Chromium, so a diagram looks the same in the preview, the app's export and the CLI's.
 *
 * - `securityLevel: 'strict'`: labels are sanitised by mermaid (DOMPurify) and `click` handlers
 *   do nothing — a document never runs script.
 * - `htmlLabels: false`: labels are SVG text, not HTML in `<foreignObject>`, which Word's SVG
 *   renderer does not draw and which would taint the canvas the PNG is drawn on.
 * - `deterministicIds`: the same source gives the same SVG, run after run.
 * - The neutral theme and a Calibri-like font: a diagram that prints well on the white page and
 *   sits with the document's Calibri text (Carlito has Calibri's metrics where Calibri is missing).
 */
import type { MermaidConfig } from 'mermaid'

export const MERMAID_CONFIG: MermaidConfig = {
  startOnLoad: false,
  securityLevel: 'strict',
  deterministicIds: true,
  deterministicIDSeed: 'markdocx',
  htmlLabels: false,
  theme: 'neutral',
  fontFamily: 'Calibri, Carlito, Arial, "Liberation Sans", sans-serif',
  // mermaid's own limit (50 000): longer sources draw a box saying so, never a hang.
  maxTextSize: 50_000,
}

/**
 * Width of the box a diagram is drawn in, in CSS pixels. Diagrams that fill their container
 * (gantt charts) take it: wide enough that a gantt's date axis does not overlap itself, and
 * shrunk to the text width (about 620 px) in the document, their type stays about 9 pt.
 */
export const DIAGRAM_BOX_WIDTH = 800

/** The PNG is drawn at this many pixels per CSS pixel (sharp in print), its longest side capped at MAX_PNG_SIDE. */
export const PNG_SCALE = 2
export const MAX_PNG_SIDE = 4096
