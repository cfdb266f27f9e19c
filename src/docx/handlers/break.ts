import type { Break } from 'mdast'
import { lineBreakRun } from '../text/text-runs.js'
import type { Handler } from './types.js'

/** A hard line break: w:br, the paragraph goes on. */
export const breakHandler: Handler<Break> = () => [lineBreakRun()]
