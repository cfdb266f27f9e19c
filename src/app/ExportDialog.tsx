/**
 * Export settings: page size, orientation, margins, base font and size, and the document
 * features (reference template, contents, page numbers, title page, wide tables) —
 * remembered per document. A feature left alone shows what the front matter asks for, and
 * says so; changed here, it wins over the front matter (front-matter-settings.ts).
 * A modal dialog (ModalDialog.tsx): focus inside, Escape closes, every control labelled.
 */
import { useState, type FormEvent } from 'react'
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings } from '../model/export-settings.js'
import { NO_FRONT_MATTER, type FrontMatterFeatures } from './front-matter-features.js'
import { ModalDialog } from './ModalDialog.js'

export interface ExportDialogProps {
  settings: ExportSettings
  /** What the document's front matter asks for, shown where the settings leave a feature alone. */
  fromDocument?: FrontMatterFeatures
  onSave: (settings: ExportSettings) => void
  onClose: () => void
  /** Leaves Page setup (unsaved changes dropped, as Cancel) for the Bibliography dialog. */
  onBibliography?: () => void
}

const FEATURE_NAMES: Record<keyof FrontMatterFeatures, string> = { toc: 'table of contents', titlePage: 'title page', pageNumbers: 'page numbers', wideTables: 'wide tables' }

const FONTS = ['Calibri', 'Aptos', 'Cambria', 'Times New Roman', 'Georgia', 'Arial', 'Helvetica', 'Garamond', 'Liberation Serif', 'Liberation Sans']

export function ExportDialog({ settings, fromDocument = NO_FRONT_MATTER, onSave, onClose, onBibliography }: ExportDialogProps) {
  const [draft, setDraft] = useState<ExportSettings>(settings)
  // A feature the settings leave alone follows the front matter: show its value, and say where it comes from.
  const toc = draft.toc ?? fromDocument.toc
  const titlePage = draft.titlePage ?? fromDocument.titlePage
  const pageNumbers = draft.pageNumbers ?? fromDocument.pageNumbers
  const wideTables = draft.wideTables ?? fromDocument.wideTables
  const followed = (Object.keys(FEATURE_NAMES) as (keyof FrontMatterFeatures)[]).filter((key) => draft[key] === undefined && fromDocument[key] !== NO_FRONT_MATTER[key])
  const note = (key: keyof FrontMatterFeatures) => (followed.includes(key) ? 'front-matter-note' : undefined)
  const margin = (side: keyof ExportSettings['margins']) => (
    <label>
      {side[0]!.toUpperCase() + side.slice(1)}
      <input
        type="number"
        min={0}
        max={100}
        step="any"
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
    <ModalDialog labelledBy="export-title" onClose={onClose} testId="page-setup">
      <form className="dialog" noValidate onSubmit={submit}>
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
            <input type="number" min={6} max={72} step="any" value={draft.fontSize} onChange={(event) => setDraft({ ...draft, fontSize: Number(event.target.value) })} />
          </label>
        </div>
        <fieldset>
          <legend>Document</legend>
          <label>
            <input type="checkbox" checked={toc} aria-describedby={note('toc')} onChange={(event) => setDraft({ ...draft, toc: event.target.checked })} /> Table of contents
          </label>
          <label>
            <input type="checkbox" checked={titlePage} aria-describedby={note('titlePage')} onChange={(event) => setDraft({ ...draft, titlePage: event.target.checked })} /> Title page
          </label>
          <label>
            Page numbers
            <select value={pageNumbers} aria-describedby={note('pageNumbers')} onChange={(event) => setDraft({ ...draft, pageNumbers: event.target.value as NonNullable<ExportSettings['pageNumbers']> })}>
              <option value="none">None</option>
              <option value="page">3</option>
              <option value="page-of-pages">Page 3 of 12</option>
            </select>
          </label>
          <label>
            Wide tables
            <select value={wideTables} aria-describedby={note('wideTables')} onChange={(event) => setDraft({ ...draft, wideTables: event.target.value as NonNullable<ExportSettings['wideTables']> })}>
              <option value="shrink">Smaller type</option>
              <option value="landscape">Landscape page</option>
            </select>
          </label>
          <label>
            Reference template (.docx)
            <input
              type="file"
              accept=".docx,.dotx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              aria-label="Reference template"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void file.arrayBuffer().then((buffer) => setDraft((current) => ({ ...current, referenceDoc: { name: file.name, bytes: new Uint8Array(buffer) } })))
              }}
            />
          </label>
          {followed.length > 0 && (
            <p className="front-matter-note" id="front-matter-note">
              As the document’s front matter asks: {followed.map((key) => FEATURE_NAMES[key]).join(', ')}. A choice made here wins over it.
            </p>
          )}
          {draft.referenceDoc && (
            <p className="reference-doc">
              Styles from <strong>{draft.referenceDoc.name}</strong>{' '}
              <button type="button" onClick={() => setDraft(withoutReference(draft))}>
                Remove
              </button>
            </p>
          )}
        </fieldset>
        <div className="actions">
          <button type="button" onClick={() => setDraft(DEFAULT_EXPORT_SETTINGS)}>
            Defaults
          </button>
          {onBibliography && (
            <button type="button" onClick={onBibliography}>
              Bibliography…
            </button>
          )}
          <span className="spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

function withoutReference(settings: ExportSettings): ExportSettings {
  const { referenceDoc: _removed, ...rest } = settings
  return rest
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}
