/**
 * The registry of the app's commands (commands.ts): every action with its label, group and
 * keys, built from the other hooks' actions. The palette, the shortcut sheet, the "More"
 * menu and the key bindings all read it.
 */
import type { EditorView } from '@codemirror/view'
import { useMemo } from 'react'
import type { DocumentSummary } from '../../storage/documents.js'
import type { AppCommand } from '../commands.js'
import { SIDEBAR_KEY } from '../LayoutControls.js'
import { FORMATTING_ACTIONS } from '../Toolbar.js'
import type { LayoutState } from './use-layout.js'
import type { SaveMode } from './use-save-file.js'

export interface CommandsOptions {
  documents: readonly DocumentSummary[]
  currentId: string | undefined
  newDocument: () => void
  openDocument: (id: string) => void
  deleteDocument: (id: string) => void
  open: () => void
  save: (mode: SaveMode) => void
  exportDocx: () => void
  canExport: boolean
  pageSetup: () => void
  bibliography: () => void
  print: () => void
  layout: LayoutState
  scrollSync: boolean
  toggleSync: () => void
  check: () => void
  getView: () => EditorView | null
  openPalette: () => void
  openShortcuts: () => void
}

export function useCommands(options: CommandsOptions): AppCommand[] {
  const { documents, currentId, newDocument, openDocument, deleteDocument, open, save, exportDocx, canExport, pageSetup, bibliography, print, layout, scrollSync, toggleSync, check, getView, openPalette, openShortcuts } = options
  return useMemo(() => {
    const { view, setView, phone, sidebarOpen, toggleSidebar, togglePreview, wordPage, toggleWordPage } = layout
    /** The editor, shown first when only the preview is. */
    const focusEditor = () => {
      if (view === 'preview') setView(phone ? 'editor' : 'both')
      // Once the pane shows again (a hidden element takes no focus): a few frames at most.
      const focus = (frames: number) => {
        const editor = getView()
        if (editor && editor.dom.getClientRects().length > 0) editor.focus()
        else if (frames > 0) requestAnimationFrame(() => focus(frames - 1))
      }
      focus(30)
    }
    const commands: AppCommand[] = [
      { id: 'new', label: 'New document', group: 'File', keys: ['Mod-Alt-n'], inMenu: true, run: newDocument },
      { id: 'open', label: 'Open…', group: 'File', keys: ['Mod-o'], inMenu: true, keywords: 'file markdown import', run: open },
      { id: 'save', label: 'Save', group: 'File', keys: ['Mod-s'], inMenu: true, keywords: 'download md', run: () => save('save') },
      { id: 'save-as', label: 'Save as…', group: 'File', keys: ['Mod-Shift-s'], inMenu: true, run: () => save('save-as') },
      { id: 'save-zip', label: 'Save .zip with images', group: 'File', inMenu: true, keywords: 'bundle archive', run: () => save('zip') },
      { id: 'export', label: 'Export .docx', group: 'File', keys: ['Mod-Shift-e'], disabled: !canExport, keywords: 'word download', run: exportDocx },
      { id: 'print', label: 'Print / save as PDF', group: 'File', keys: ['Mod-p'], inMenu: true, keywords: 'pdf paper', run: print },
      { id: 'page-setup', label: 'Page setup…', group: 'Document', inMenu: true, keywords: 'paper size margins font orientation contents toc page numbers title page template', run: pageSetup },
      { id: 'bibliography', label: 'Bibliography and citation style…', group: 'Document', inMenu: true, keywords: 'citations references bibtex bib csl apa chicago ieee vancouver cite', run: bibliography },
      { id: 'check', label: 'Check what will not survive into Word', group: 'Document', keywords: 'messages problems warnings', run: check },
      ...(currentId ? [{ id: 'delete', label: 'Delete this document', group: 'Document' as const, keywords: 'remove trash', run: () => deleteDocument(currentId) }] : []),
      { id: 'toggle-sidebar', label: sidebarOpen ? 'Hide documents and outline' : 'Show documents and outline', group: 'View', keys: [SIDEBAR_KEY], keywords: 'sidebar drawer list', run: toggleSidebar },
      { id: 'toggle-preview', label: phone ? (view === 'preview' ? 'Show the editor' : 'Show the preview') : view === 'both' ? 'Hide the preview' : 'Show the preview', group: 'View', keys: ['Mod-Alt-p'], keywords: 'preview editor switch', run: togglePreview },
      { id: 'view-editor', label: 'Editor only', group: 'View', checked: view === 'editor', run: () => setView('editor') },
      ...(phone ? [] : [{ id: 'view-both', label: 'Editor and preview side by side', group: 'View' as const, checked: view === 'both', run: () => setView('both') }]),
      { id: 'view-preview', label: 'Preview only', group: 'View', checked: view === 'preview', run: () => setView('preview') },
      { id: 'word-page', label: 'Preview as Word pages', group: 'View', checked: wordPage, inMenu: true, keywords: 'paginate pages layout print header footer page numbers', run: toggleWordPage },
      { id: 'sync-scroll', label: 'Scroll editor and preview together', group: 'View', checked: scrollSync, inMenu: true, keywords: 'sync', run: toggleSync },
      ...FORMATTING_ACTIONS.map((action): AppCommand => ({
        id: `format-${action.id}`,
        label: action.label,
        group: 'Format',
        ...(action.shortcut ? { keys: [action.shortcut] } : {}),
        inEditor: true,
        run: () => {
          const editor = getView()
          if (editor) action.run(editor)
        },
      })),
      { id: 'focus-editor', label: 'Go to the editor', group: 'Go to', keys: ['Mod-Alt-e'], keywords: 'focus cursor', run: focusEditor },
      ...documents
        .filter((doc) => doc.id !== currentId)
        .map((doc): AppCommand => ({ id: `open-document-${doc.id}`, label: `Open “${doc.name}”`, group: 'Go to', keywords: 'document switch', run: () => openDocument(doc.id) })),
      { id: 'palette', label: 'Command palette', group: 'Help', keys: ['Mod-Shift-p', 'F1'], inMenu: true, keywords: 'actions search', run: openPalette },
      { id: 'shortcuts', label: 'Keyboard shortcuts', group: 'Help', keys: ['Mod-/', '?'], inMenu: true, keywords: 'keys help', run: openShortcuts },
    ]
    return commands
  }, [canExport, check, currentId, deleteDocument, documents, exportDocx, getView, layout, newDocument, open, openDocument, openPalette, openShortcuts, pageSetup, bibliography, print, save, scrollSync, toggleSync])
}
