/**
 * Opening and saving files: the File System Access API where the browser has it (save goes
 * back to the same file), plain `<input type=file>` and downloads elsewhere. A `.zip` bundles
 * the Markdown with its images.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import { downloadBlob } from './download.js'
import { BIBLIOGRAPHY_EXTENSIONS, citationFileKind, STYLE_EXTENSIONS } from '../model/citation-files.js'
import { isMarkdownName, markdownExtension, MARKDOWN_EXTENSIONS } from '../model/markdown-files.js'

interface PickerType {
  description: string
  accept: Record<string, string[]>
}

interface FileSystemAccessWindow {
  showOpenFilePicker?: (options: { types?: PickerType[]; multiple?: boolean; excludeAcceptAllOption?: boolean }) => Promise<FileSystemFileHandle[]>
  showSaveFilePicker?: (options: { suggestedName?: string; types?: PickerType[] }) => Promise<FileSystemFileHandle>
}

interface PermissionHandle {
  queryPermission?: (options: { mode: 'read' | 'readwrite' }) => Promise<PermissionState>
  requestPermission?: (options: { mode: 'read' | 'readwrite' }) => Promise<PermissionState>
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** What the hidden file input accepts besides Markdown: zip bundles and Word documents. */
export const OTHER_OPEN_ACCEPT = `.zip,application/zip,.docx,${DOCX_MIME}`

const MARKDOWN_TYPES: PickerType[] = [{ description: 'Markdown', accept: { 'text/markdown': [...MARKDOWN_EXTENSIONS] } }]

const fsa = () => (typeof window === 'undefined' ? {} : (window as unknown as FileSystemAccessWindow))

export function hasFileSystemAccess(): boolean {
  return typeof fsa().showOpenFilePicker === 'function' && typeof fsa().showSaveFilePicker === 'function'
}

/** Asks for files with the File System Access API; undefined when the user cancelled. */
export async function pickMarkdownFiles(): Promise<{ file: File; handle: FileSystemFileHandle }[] | undefined> {
  const picker = fsa().showOpenFilePicker
  if (!picker) return undefined
  try {
    const handles = await picker({
      types: [
        ...MARKDOWN_TYPES,
        { description: 'Markdown with images (zip)', accept: { 'application/zip': ['.zip'] } },
        { description: 'Word document (converted to Markdown)', accept: { [DOCX_MIME]: ['.docx'] } },
        { description: 'Bibliography or citation style', accept: { 'text/plain': [...BIBLIOGRAPHY_EXTENSIONS, ...STYLE_EXTENSIONS] } },
      ],
      multiple: true,
    })
    return Promise.all(handles.map(async (handle) => ({ file: await handle.getFile(), handle })))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined
    throw error
  }
}

async function writable(handle: FileSystemFileHandle): Promise<boolean> {
  const permissions = handle as unknown as PermissionHandle
  if (!permissions.queryPermission || !permissions.requestPermission) return true
  if ((await permissions.queryPermission({ mode: 'readwrite' })) === 'granted') return true
  return (await permissions.requestPermission({ mode: 'readwrite' })) === 'granted'
}

export async function writeFile(handle: FileSystemFileHandle, data: Blob): Promise<void> {
  if (!(await writable(handle))) throw new Error('the browser did not allow writing to the file')
  const stream = await handle.createWritable()
  await stream.write(data)
  await stream.close()
}

/** Save As: a new file chosen by the user (its handle), or a download where there is no picker. Undefined when cancelled. */
export async function saveAs(data: Blob, suggestedName: string): Promise<FileSystemFileHandle | 'downloaded' | undefined> {
  const picker = fsa().showSaveFilePicker
  if (!picker) {
    downloadBlob(data, suggestedName)
    return 'downloaded'
  }
  try {
    const handle = await picker({ suggestedName, types: suggestedName.endsWith('.zip') ? [{ description: 'Zip', accept: { 'application/zip': ['.zip'] } }] : MARKDOWN_TYPES })
    await writeFile(handle, data)
    return handle
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined
    throw error
  }
}

export interface Bundle {
  markdownName: string
  text: string
  images: { path: string; bytes: Uint8Array }[]
  /** Bibliographies and citation styles beside the Markdown (`refs.bib`), as its front matter names them. */
  files?: { path: string; bytes: Uint8Array }[]
}

/** The Markdown and its files as one zip: `name.md`, `images/…` and `refs.bib`, as the links and the front matter say. */
export function zipBundle(bundle: Bundle): Blob {
  const files: Zippable = { [bundle.markdownName]: strToU8(bundle.text) }
  for (const image of bundle.images) files[image.path] = [image.bytes, { level: 0 }]
  const zipped = zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') })
  return new Blob([zipped as BlobPart], { type: 'application/zip' })
}

/** A zip's Markdown file (the first one) and the images, bibliographies and styles beside it. */
export function unzipBundle(bytes: Uint8Array): Bundle | undefined {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes)
  } catch {
    return undefined
  }
  const names = Object.keys(files).filter((name) => !name.startsWith('__MACOSX/') && !name.endsWith('/'))
  // The one list of Markdown extensions, but not .txt: a zip's text files are notes beside the document.
  const markdownName = names.find((name) => isMarkdownName(name) && markdownExtension(name).toLowerCase() !== '.txt')
  if (!markdownName) return undefined
  const folder = markdownName.includes('/') ? markdownName.slice(0, markdownName.lastIndexOf('/') + 1) : ''
  const images = names
    .filter((name) => /\.(png|jpe?g|gif|bmp|webp|avif|svg|tiff?)$/i.test(name) && name.startsWith(folder))
    .map((name) => ({ path: name.slice(folder.length), bytes: files[name]! }))
  const citationFiles = names
    .filter((name) => name.startsWith(folder) && !name.slice(folder.length).includes('/') && citationFileKind(name) !== undefined)
    .map((name) => ({ path: name.slice(folder.length), bytes: files[name]! }))
  return { markdownName: markdownName.slice(folder.length), text: strFromU8(files[markdownName]!), images, files: citationFiles }
}
