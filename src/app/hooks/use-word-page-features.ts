/**
 * The page furniture the Word page preview draws (running title, page numbers, title page), as
 * the export resolves it from Page setup and the front matter. The reader is loaded only when
 * the Word page view is on (it brings the YAML reader, as Page setup does), and runs again only
 * when the front matter's text or the settings change — not for every keystroke in the body.
 */
import type { EditorView } from '@codemirror/view'
import { useEffect, useState, type RefObject } from 'react'
import type { ExportSettings } from '../../model/export-settings.js'
import type { PreviewStore } from '../../preview/store.js'
import type { PageFurnitureFeatures } from '../front-matter-settings.js'

/** The front matter's YAML is at the top: this much of the text is enough to see whether it changed. */
const HEAD = 64 * 1024

export function useWordPageFeatures(enabled: boolean, settings: ExportSettings | undefined, view: RefObject<EditorView | null>, store: PreviewStore): PageFurnitureFeatures | undefined {
  const [features, setFeatures] = useState<PageFurnitureFeatures | undefined>(undefined)
  useEffect(() => {
    if (!enabled || !settings) return
    let live = true
    let lastYaml: string | undefined | null = null
    let reader: typeof import('../front-matter-settings.js') | undefined
    const read = () => {
      if (!live || !reader) return
      const head = view.current?.state.sliceDoc(0, HEAD) ?? ''
      const yaml = reader.frontMatterYaml(head)
      if (yaml === lastYaml) return
      lastYaml = yaml
      const next = reader.pageFurnitureFeatures(head, settings)
      setFeatures((previous) => (previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next))
    }
    import('../front-matter-settings.js').then(
      (module) => {
        reader = module
        read()
      },
      // Offline without the chunk: pages without furniture.
      () => undefined,
    )
    // A render follows every edit: the front matter may have changed with it.
    const unsubscribe = store.subscribe(read)
    return () => {
      live = false
      unsubscribe()
    }
  }, [enabled, settings, view, store])
  return enabled ? features : undefined
}
