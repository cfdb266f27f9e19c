/**
 * Export settings: page size, orientation, margins, base font and size — remembered per document.
 */
import { useState, type FormEvent } from 'react'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../worker/protocol.js'

export interface ExportDialogProps {
  settings: ExportSettings
  onSave: (settings: ExportSettings) => void
  onClose: () => void
}

const FONTS = ['Calibri', 'Aptos', 'Cambria', 'Times New Roman', 'Georgia', 'Arial', 'Helvetica', 'Garamond', 'Liberation Serif', 'Liberation Sans']

export function ExportDialog({ settings, onSave, onClose }: ExportDialogProps) {
  const [draft, setDraft] = useState<ExportSettings>(settings)
  const margin = (side: keyof ExportSettings['margins']) => (
    <label>
      {side[0]!.toUpperCase() + side.slice(1)}
      <input
        type="number"
        min={0}
        max={100}
        step={0.5}
        value={draft.margins[side]}
        onChange={(event) => setDraft({ ...draft, margins: { ...draft.margins, [side]: clamp(Number(event.target.value), 0, 100) } })}
      />
    </label>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave({ ...draft, font: draft.font.trim() || DEFAULT_EXPORT_SETTINGS.font, fontSize: clamp(draft.fontSize, 6, 72) })
  }
  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <form className="dialog" role="dialog" aria-modal="true" aria-labelledby="export-title" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
        <h2 id="export-title">Page setup for export</h2>
        <div className="row">
          <label>
            Page size
            <select value={draft.pageSize} onChange={(event) => setDraft({ ...draft, pageSize: event.target.value as ExportSettings['pageSize'] })}>
              <option value="A4">A4 (210 × 297 mm)</option>
              <option value="Letter">Letter (8.5 × 11 in)</option>
              <option value="Legal">Legal (8.5 × 14 in)</option>
            </select>
          </label>
          <label>
            Orientation
            <select value={draft.orientation} onChange={(event) => setDraft({ ...draft, orientation: event.target.value as ExportSettings['orientation'] })}>
              <option value="portrait">Portrait</option>
              <option value="landscape">Landscape</option>
            </select>
          </label>
        </div>
        <fieldset>
          <legend>Margins (mm)</legend>
          {margin('top')}
          {margin('bottom')}
          {margin('left')}
          {margin('right')}
        </fieldset>
        <div className="row">
          <label>
            Font
            <input list="export-fonts" value={draft.font} onChange={(event) => setDraft({ ...draft, font: event.target.value })} />
            <datalist id="export-fonts">
              {FONTS.map((font) => (
                <option key={font} value={font} />
              ))}
            </datalist>
          </label>
          <label>
            Size (pt)
            <input type="number" min={6} max={72} step={0.5} value={draft.fontSize} onChange={(event) => setDraft({ ...draft, fontSize: Number(event.target.value) })} />
          </label>
        </div>
        <div className="actions">
          <button type="button" onClick={() => setDraft(DEFAULT_EXPORT_SETTINGS)}>
            Defaults
          </button>
          <span className="spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </div>
  )
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}
