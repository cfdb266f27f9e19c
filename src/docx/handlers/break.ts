import { TextRun } from 'docx'
import type { Break } from 'mdast'
import type { Handler } from './types.js'

/** A hard line break: w:br, the paragraph goes on. */
export const breakHandler: Handler<Break> = () => [new TextRun({ break: 1 })]
