/**
 * Page geometry. Word measures the page in twips (1/20 pt, 1/1440 inch), drawings in EMUs
 * (1/914400 inch); docx's ImageRun takes pixels at 96 to the inch.
 */

export const TWIPS_PER_INCH = 1440
export const TWIPS_PER_PIXEL = TWIPS_PER_INCH / 96

/** Page sizes in twips, portrait. */
export const PAGE_SIZES = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
  Legal: { width: 12240, height: 20160 },
} as const

export type PageSizeName = keyof typeof PAGE_SIZES

/**
 * A length written by a person — `1in`, `2.5cm`, `25mm`, `72pt`, `1440` (twips) — in twips.
 * Returns `undefined` for anything else.
 */
export function parseLength(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(in|cm|mm|pt|twip|twips|tw)?\s*$/i.exec(value)
  if (!match) return undefined
  const amount = Number(match[1])
  const unit = (match[2] ?? 'twip').toLowerCase()
  const factor = unit === 'in' ? 1440 : unit === 'cm' ? 1440 / 2.54 : unit === 'mm' ? 1440 / 25.4 : unit === 'pt' ? 20 : 1
  return Math.round(amount * factor)
}
