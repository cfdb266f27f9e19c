/**
 * Files dropped anywhere outside the editor open as documents (images go into the shown one;
 * the editor takes dropped images itself, at the drop point).
 */
import { useEffect } from 'react'
import type { PickedFile } from './use-open-files.js'

export function useFileDrop(openFiles: (files: PickedFile[]) => Promise<void>): void {
  useEffect(() => {
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
    }
    const drop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])]
      if (files.length === 0) return
      event.preventDefault()
      void openFiles(files.map((file) => ({ file })))
    }
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [openFiles])
}
