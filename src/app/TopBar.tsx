/**
 * The top bar: the document's name, the file actions (open, save, save as, save .zip), the
 * scroll-sync switch, Page setup and Export .docx; the layout controls and the "More" menu
 * come from App (`leading`, `trailing`). It never wraps: what does not fit a narrow screen is
 * hidden (layout.css) and stays in the "More" menu.
 */
import type { ReactNode, RefObject } from 'react'
import { EXPORT_ICON } from './icons.js'
import { ariaShortcut } from './keys.js'
import { BIBLIOGRAPHY_EXTENSIONS, STYLE_EXTENSIONS } from '../model/citation-files.js'
import { MARKDOWN_ACCEPT } from '../model/markdown-files.js'
import { DocumentName } from './DocumentName.js'
import { OTHER_OPEN_ACCEPT } from './file-access.js'
import type { PickedFile } from './hooks/use-open-files.js'
import type { SaveMode } from './hooks/use-save-file.js'

export interface TopBarProps {
  name: string | undefined
  onRename: (name: string) => void
  /** The file the document was opened from, when Save writes back to it. */
  fileName: string | undefined
  fileInput: RefObject<HTMLInputElement | null>
  onOpen: () => void
  onOpenFiles: (files: PickedFile[]) => void
  onSave: (mode: SaveMode) => void
  scrollSync: boolean
  onToggleSync: () => void
  onPageSetup: () => void
  /** An export is running. */
  exporting: boolean
  canExport: boolean
  onPrepareExport: () => void
  onExport: () => void
  /** Before the brand: the sidebar button. */
  leading?: ReactNode
  /** After Export: the view switch and the "More" menu. */
  trailing?: ReactNode
}

export function TopBar({ name, onRename, fileName, fileInput, onOpen, onOpenFiles, onSave, scrollSync, onToggleSync, onPageSetup, exporting, canExport, onPrepareExport, onExport, leading, trailing }: TopBarProps) {
  return (
    <header className="topbar">
      {leading}
      <h1 className="brand">markdocx</h1>
      <DocumentName name={name} onRename={onRename} />
      <div className="actions" role="group" aria-label="File">
        <button type="button" className="collapse-narrow" onClick={onOpen} title="Open a .md, .zip or Word .docx file (Ctrl+O), or drop it on the window">
          Open
        </button>
        <input
          ref={fileInput}
          type="file"
          data-testid="open-file"
          className="visually-hidden"
          tabIndex={-1}
          accept={`${MARKDOWN_ACCEPT},${OTHER_OPEN_ACCEPT},${[...BIBLIOGRAPHY_EXTENSIONS, ...STYLE_EXTENSIONS].join(',')}`}
          multiple
          aria-label="Open a Markdown, Word, bibliography or citation style file"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            onOpenFiles(files.map((file) => ({ file })))
          }}
        />
        <button type="button" className="collapse-narrow" onClick={() => onSave('save')} title={fileName ? `Save to ${fileName} (Ctrl+S)` : 'Download the .md (Ctrl+S)'}>
          Save
        </button>
        <button type="button" className="collapse-medium" onClick={() => onSave('save-as')} title="Save as a new file (Ctrl+Shift+S)">
          Save as…
        </button>
        <button type="button" className="collapse-medium" onClick={() => onSave('zip')} title="Save the .md with its images as a .zip">
          Save .zip
        </button>
      </div>
      <span className="spacer" />
      <label className="toggle collapse-medium" title="Scroll the editor and the preview together">
        <input type="checkbox" checked={scrollSync} onChange={onToggleSync} /> Sync scroll
      </label>
      <button type="button" className="collapse-narrow" onClick={onPageSetup} title="Page size, orientation, margins and font of the export">
        Page setup
      </button>
      <button type="button" className="primary" data-testid="export-docx" onPointerEnter={onPrepareExport} onFocus={onPrepareExport} onClick={onExport} disabled={exporting || !canExport} aria-busy={exporting} aria-keyshortcuts={ariaShortcut('Mod-Shift-e')}>
        {EXPORT_ICON}
        <span className="button-label">{exporting ? 'Exporting…' : 'Export .docx'}</span>
      </button>
      {trailing}
    </header>
  )
}
