/**
 * The shown document's bibliography and citation style (issue 13): .bib / CSL-JSON / CSL-YAML
 * files and .csl styles loaded (Open, drop, or the Bibliography dialog) are stored with the
 * document like its images (storage/assets.ts, at the top level: `refs.bib`), and named in its
 * front matter (`bibliography: refs.bib`, `csl: ieee`), which the preview and the export already
 * follow (worker/citation-source.ts). The text stays the one place that says which files a
 * document cites from, so a saved .md carries it and the CLI reads it the same way. Problems in
 * the files (`bibliography-invalid`, `csl-invalid`) come back from the render as messages.
 */
import type { EditorView } from '@codemirror/view'
import { useCallback, useState, type RefObject } from 'react'
import { citationFileKind, citationFileType } from '../../model/citation-files.js'
import { listAssets, putFile } from '../../storage/assets.js'
import type { WorkerClient } from '../../worker/client.js'
import type { CitationKeys, TextChange } from '../citation-front-matter.js'
import type { OpenDocument } from '../session.js'
import { errorText, type SetStatus } from './use-status.js'

export interface BibliographyOptions {
  current: RefObject<OpenDocument | null>
  view: RefObject<EditorView | null>
  client: RefObject<WorkerClient | null>
  requestRender: () => void
  setStatus: SetStatus
  storageFailed: (error: unknown) => void
}

export interface BibliographyState {
  dialogOpen: boolean
  /** What the front matter names, read when the dialog opened and after each change. */
  keys: CitationKeys
  /** The document's stored bibliography and style files, by name. */
  stored: readonly string[]
  /** Opens the dialog once the front matter is read. Stable. */
  openDialog: () => void
  closeDialog: () => void
  /** Stores bibliography and style files and names them in the front matter. Stable. */
  addFiles: (files: File[]) => Promise<void>
  /** Names a style (a shipped one's name or a stored .csl); '' goes back to the default. Stable. */
  setStyle: (style: string) => Promise<void>
  /** Names a stored bibliography file in the front matter, or takes it out (the stored copy stays). Stable. */
  citeFrom: (name: string, use: boolean) => Promise<void>
}

const NO_KEYS: CitationKeys = { bibliography: [], csl: undefined }

const frontMatterModule = () => import('../citation-front-matter.js')

export function useBibliography({ current, view, client, requestRender, setStatus, storageFailed }: BibliographyOptions): BibliographyState {
  const [dialogOpen, setDialogOpen] = useState(false)
  const [keys, setKeys] = useState<CitationKeys>(NO_KEYS)
  const [stored, setStored] = useState<readonly string[]>([])

  /** Reads the front matter and the stored files again (after a change, for the dialog). */
  const refresh = useCallback(async () => {
    const { citationKeys } = await frontMatterModule()
    setKeys(citationKeys(view.current?.state.doc.toString() ?? ''))
    const opened = current.current
    const assets = opened?.persisted ? await listAssets(opened.id).catch(() => []) : []
    setStored(assets.map((asset) => asset.path).filter((path) => citationFileKind(path) !== undefined))
  }, [current, view])

  /** Applies a front-matter change to the editor: one undoable edit, saved and rendered as typing is. */
  const edit = useCallback(
    (change: TextChange | undefined) => {
      const editor = view.current
      if (change && editor) editor.dispatch({ changes: change, userEvent: 'input.bibliography' })
    },
    [view],
  )

  const openDialog = useCallback(() => {
    void refresh().then(
      () => setDialogOpen(true),
      // Without the reader (a failed chunk load), the dialog still opens, showing nothing named.
      () => setDialogOpen(true),
    )
  }, [refresh])
  const closeDialog = useCallback(() => setDialogOpen(false), [])

  const addFiles = useCallback(
    async (files: File[]) => {
      const opened = current.current
      if (!opened || !view.current) return
      if (!opened.persisted) {
        setStatus({ kind: 'failed', text: 'Bibliography files cannot be stored: the browser’s storage is unavailable.' })
        return
      }
      const { citationKeys, setFrontMatterKey } = await frontMatterModule()
      const loaded: string[] = []
      for (const file of files) {
        const kind = citationFileKind(file.name)
        if (!kind) continue
        try {
          const name = await putFile(opened.id, file.name, citationFileType(file.name), await file.arrayBuffer())
          // The worker reads the stored file again before the edit below renders.
          client.current?.assetsChanged()
          const text = view.current?.state.doc.toString() ?? ''
          if (kind === 'style') edit(setFrontMatterKey(text, ['csl', 'citation-style'], name))
          else {
            const named = citationKeys(text).bibliography
            edit(setFrontMatterKey(text, ['bibliography'], named.includes(name) ? named : [...named, name]))
          }
          loaded.push(name)
        } catch (error) {
          storageFailed(error)
          setStatus({ kind: 'failed', text: `Could not load ${file.name}: ${errorText(error)}` })
        }
      }
      if (loaded.length === 0) return
      // The same name loaded again leaves the text as it was: render for the new file's content.
      requestRender()
      setStatus({ kind: 'done', text: `Loaded ${loaded.join(', ')}` })
      await refresh()
    },
    [client, current, edit, refresh, requestRender, setStatus, storageFailed, view],
  )

  const setStyle = useCallback(
    async (style: string) => {
      const { setFrontMatterKey } = await frontMatterModule()
      edit(setFrontMatterKey(view.current?.state.doc.toString() ?? '', ['csl', 'citation-style'], style === '' ? undefined : style))
      await refresh()
    },
    [edit, refresh, view],
  )

  const citeFrom = useCallback(
    async (name: string, use: boolean) => {
      const { citationKeys, setFrontMatterKey } = await frontMatterModule()
      const text = view.current?.state.doc.toString() ?? ''
      const named = citationKeys(text).bibliography.filter((other) => other !== name)
      // Taken out of the front matter only: the stored copy stays (an undo brings the line back, and the file with it).
      edit(setFrontMatterKey(text, ['bibliography'], use ? [...named, name] : named))
      await refresh()
    },
    [edit, refresh, view],
  )

  return { dialogOpen, keys, stored, openDialog, closeDialog, addFiles, setStyle, citeFrom }
}
