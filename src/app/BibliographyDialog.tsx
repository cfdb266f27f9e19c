/**
 * Bibliography and citation style (issue 13): the bibliography files the document cites from
 * (load a .bib, CSL-JSON or CSL-YAML file; take one out; use a stored one again) and its style
 * (a shipped one — APA, Chicago author-date, IEEE, Vancouver — or a loaded .csl). Every change
 * is made at once, in the front matter (use-bibliography.ts), so the editor shows it and Undo
 * takes it back; problems in the files show in the messages panel with the next render.
 */
import { useRef } from 'react'
import type { ShippedStyle } from '../citations/shipped-styles.js'
import { SHIPPED_STYLES, builtinStyle } from '../citations/shipped-styles.js'
import { BIBLIOGRAPHY_EXTENSIONS, STYLE_EXTENSIONS, citationFileKind } from '../model/citation-files.js'
import type { CitationKeys } from './citation-front-matter.js'
import { ModalDialog } from './ModalDialog.js'

export interface BibliographyDialogProps {
  keys: CitationKeys
  stored: readonly string[]
  onAddFiles: (files: File[]) => void
  onStyle: (style: string) => void
  onCite: (name: string, use: boolean) => void
  onClose: () => void
}

const STYLE_NAMES: Record<ShippedStyle, string> = {
  apa: 'APA (7th edition)',
  'chicago-author-date': 'Chicago author-date',
  ieee: 'IEEE',
  vancouver: 'Vancouver',
}

export function BibliographyDialog({ keys, stored, onAddFiles, onStyle, onCite, onClose }: BibliographyDialogProps) {
  const bibliographyInput = useRef<HTMLInputElement>(null)
  const styleInput = useRef<HTMLInputElement>(null)
  const unused = stored.filter((name) => citationFileKind(name) === 'bibliography' && !keys.bibliography.includes(name))
  const storedStyles = stored.filter((name) => citationFileKind(name) === 'style')
  // The select's value: a shipped style by its canonical name, else the file as named (listed even when not stored).
  const shipped = keys.csl === undefined ? undefined : builtinStyle(keys.csl)
  const style = keys.csl === undefined || shipped === 'chicago-author-date' ? '' : (shipped ?? keys.csl)
  const customStyles = [...new Set([...storedStyles, ...(style !== '' && !builtinStyle(style) ? [style] : [])])]
  const picked = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])]
    if (input) input.value = ''
    if (files.length > 0) onAddFiles(files)
  }
  return (
    <ModalDialog labelledBy="bibliography-title" describedBy="bibliography-help" onClose={onClose} testId="bibliography-dialog">
      <div className="dialog bibliography-dialog">
        <h2 id="bibliography-title">Bibliography and citation style</h2>
        <p id="bibliography-help" className="front-matter-note">
          Cite with <code>[@key]</code> or <code>@key</code>. Files are kept with the document and named in its front matter (<code>bibliography:</code>, <code>csl:</code>).
        </p>
        <fieldset className="bibliography-files">
          <legend>Bibliography files</legend>
          {keys.bibliography.length === 0 && unused.length === 0 && <p className="front-matter-note">None yet: load a BibTeX (.bib), CSL-JSON (.json) or CSL-YAML (.yaml) file.</p>}
          <ul>
            {keys.bibliography.map((name) => (
              <li key={name} data-testid="bibliography-file">
                <span>{name}</span>
                {!stored.includes(name) && <span className="front-matter-note"> (not loaded here)</span>}
                <button type="button" onClick={() => onCite(name, false)} aria-label={`Remove ${name}`}>
                  Remove
                </button>
              </li>
            ))}
            {unused.map((name) => (
              <li key={name} className="unused">
                <span>{name}</span>
                <button type="button" onClick={() => onCite(name, true)} aria-label={`Use ${name}`}>
                  Use
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => bibliographyInput.current?.click()}>
            Load a bibliography file…
          </button>
          <input ref={bibliographyInput} type="file" hidden multiple accept={BIBLIOGRAPHY_EXTENSIONS.join(',')} data-testid="bibliography-input" onChange={(event) => picked(event.target)} />
        </fieldset>
        <fieldset className="bibliography-style">
          <legend>Citation style</legend>
          <label>
            Style
            <select value={style} onChange={(event) => onStyle(event.target.value)} data-testid="citation-style">
              <option value="">Chicago author-date (default)</option>
              {SHIPPED_STYLES.filter((name) => name !== 'chicago-author-date').map((name) => (
                <option key={name} value={name}>
                  {STYLE_NAMES[name]}
                </option>
              ))}
              {customStyles.map((name) => (
                <option key={name} value={name}>
                  {name}
                  {stored.includes(name) ? '' : ' (not loaded here)'}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => styleInput.current?.click()}>
            Load a .csl style…
          </button>
          <input ref={styleInput} type="file" hidden accept={STYLE_EXTENSIONS.join(',')} data-testid="csl-input" onChange={(event) => picked(event.target)} />
        </fieldset>
        <div className="actions">
          <span className="spacer" />
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
