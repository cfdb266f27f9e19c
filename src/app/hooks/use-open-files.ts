/**
 * Opening files: Markdown files (and .zip bundles of a .md with its images) become new
 * documents — opening never replaces one; images, bibliographies (.bib, CSL-JSON, CSL-YAML) and
 * citation styles (.csl) go into the shown document. A Word .docx is converted to Markdown
 * (import/, in a worker of its own: mammoth is large and slow) into a new document with its
 * pictures as stored images, and what the import could not carry over is listed in a notice.
 * Through the File System Access picker where the browser has it (so Save writes back to the
 * file), else the hidden file input.
 */
import { useCallback, useRef, useState, type RefObject } from 'react'
import { citationFileKind } from '../../model/citation-files.js'
import type { ImportMessage } from '../../import/messages.js'
import { isMarkdownName } from '../../model/markdown-files.js'
import { importDocx, type ImportedDocx } from '../../worker/client/import-client.js'
import { hasFileSystemAccess, pickMarkdownFiles, unzipBundle } from '../file-access.js'
import type { SessionState } from './use-session.js'
import { errorText, type SetStatus } from './use-status.js'

export interface PickedFile {
  file: File
  handle?: FileSystemFileHandle
}

export interface OpenFilesOptions {
  newDocument: SessionState['newDocument']
  addImages: (files: File[]) => Promise<void>
  /** Bibliography and style files (.bib, .json, .yaml, .csl) go to the shown document's citations. */
  addCitationFiles: (files: File[]) => Promise<void>
  setStatus: SetStatus
}

export interface OpenFilesState {
  /** The hidden file input, the picker's fallback. */
  fileInput: RefObject<HTMLInputElement | null>
  /** Opens files (picked, dropped). Stable while its options are. */
  openFiles: (files: PickedFile[]) => Promise<void>
  /** Asks the user for files to open. */
  open: () => Promise<void>
  /** The last Word document opened, with what its import reported (until dismissed). */
  imported: ImportedWord | null
  dismissImported: () => void
}

export interface ImportedWord {
  fileName: string
  messages: ImportMessage[]
}

/** A Word document's Markdown, images and import messages, converted in a worker of its own. */
async function importWord(file: File): Promise<ImportedDocx> {
  return importDocx(new Uint8Array(await file.arrayBuffer()))
}

export function useOpenFiles({ newDocument, addImages, addCitationFiles, setStatus }: OpenFilesOptions): OpenFilesState {
  const fileInput = useRef<HTMLInputElement>(null)
  const [imported, setImported] = useState<ImportedWord | null>(null)

  const openFiles = useCallback(
    async (files: PickedFile[]) => {
      const images = files.filter(({ file }) => file.type.startsWith('image/'))
      const citationFiles = files.filter(({ file }) => citationFileKind(file.name) !== undefined)
      for (const { file, handle } of files) {
        try {
          if (citationFileKind(file.name)) continue
          if (/\.zip$/i.test(file.name)) {
            const bundle = unzipBundle(new Uint8Array(await file.arrayBuffer()))
            if (!bundle) throw new Error(`${file.name} holds no Markdown file`)
            await newDocument(bundle.markdownName, bundle.text, [...bundle.images, ...(bundle.files ?? [])])
          } else if (/\.docx$/i.test(file.name)) {
            setStatus({ kind: 'busy', text: `Converting ${file.name} to Markdown…` })
            const result = await importWord(file)
            if (result.markdown.trim() === '' && result.messages.some((message) => message.severity === 'error')) throw new Error(result.messages.find((message) => message.severity === 'error')!.reason)
            const name = `${file.name.replace(/\.docx$/i, '')}.md`
            await newDocument(name, result.markdown, result.images.map((image) => ({ path: image.path, bytes: image.bytes, type: image.contentType })))
            setImported({ fileName: file.name, messages: result.messages })
            setStatus({ kind: 'done', text: `Opened ${file.name} as Markdown${result.messages.length ? ` — ${result.messages.length} note${result.messages.length === 1 ? '' : 's'} from the import` : ''}` })
          } else if (isMarkdownName(file.name) || file.type.startsWith('text/')) {
            await newDocument(file.name, await file.text(), [], handle ? { fileHandle: handle } : {})
          }
        } catch (error) {
          setStatus({ kind: 'failed', text: `Could not open ${file.name}: ${errorText(error)}` })
        }
      }
      if (images.length > 0) await addImages(images.map(({ file }) => file))
      if (citationFiles.length > 0) await addCitationFiles(citationFiles.map(({ file }) => file))
    },
    [addCitationFiles, addImages, newDocument, setStatus],
  )

  const open = useCallback(async () => {
    if (!hasFileSystemAccess()) {
      fileInput.current?.click()
      return
    }
    try {
      const picked = await pickMarkdownFiles()
      if (picked) await openFiles(picked)
    } catch {
      fileInput.current?.click()
    }
  }, [openFiles])

  const dismissImported = useCallback(() => setImported(null), [])
  return { fileInput, openFiles, open, imported, dismissImported }
}
