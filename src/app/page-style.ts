/**
 * The preview page's geometry and type from the export settings, as CSS custom properties, so
 * the preview shows the line length and font the .docx will have.
 */
import type { CSSProperties } from 'react'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../model/export-settings.js'

/** Paper sizes in millimetres, portrait (short side, long side). */
export const SIZES_MM: Record<ExportSettings['pageSize'], [number, number]> = {
  A4: [210, 297],
  Letter: [215.9, 279.4],
  Legal: [215.9, 355.6],
}

/** A font name as a safe CSS family list: quoted, with metric-compatible fallbacks. */
function fontStack(font: string): string {
  const name = font.replace(/["\\;{}]/g, '').trim() || 'Calibri'
  const serif = /times|cambria|georgia|garamond|serif|book|palatino/i.test(name)
  return serif ? `"${name}", "Liberation Serif", "Times New Roman", serif` : `"${name}", Carlito, Calibri, "Liberation Sans", Arial, sans-serif`
}

export function pageStyle(settings: ExportSettings = DEFAULT_EXPORT_SETTINGS): CSSProperties {
  const [short, long] = SIZES_MM[settings.pageSize] ?? SIZES_MM.A4
  const width = settings.orientation === 'landscape' ? long : short
  const style: Record<string, string> = {
    '--page-width': `${width}mm`,
    '--margin-top': `${settings.margins.top}mm`,
    '--margin-right': `${settings.margins.right}mm`,
    '--margin-bottom': `${settings.margins.bottom}mm`,
    '--margin-left': `${settings.margins.left}mm`,
    '--body-font': fontStack(settings.font),
    '--body-size': `${settings.fontSize}pt`,
  }
  return style as CSSProperties
}
