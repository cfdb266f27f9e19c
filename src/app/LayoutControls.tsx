/**
 * The top bar's layout controls: the sidebar (documents and outline) button, and the view
 * switch — editor, both side by side, or preview (on a phone, editor or preview). Icons with
 * their names beside them where there is room, and always as accessible names.
 */
import type { ViewMode } from './hooks/use-layout.js'
import { BOTH_ICON, EDITOR_ICON, PREVIEW_ICON, SIDEBAR_ICON } from './icons.js'
import { ariaShortcut, readableShortcut } from './keys.js'

export interface SidebarToggleProps {
  open: boolean
  /** A drawer over the page (narrow screens) rather than a column. */
  drawer: boolean
  onToggle: () => void
}

export const SIDEBAR_KEY = 'Mod-Alt-b'

export function SidebarToggle({ open, drawer, onToggle }: SidebarToggleProps) {
  return (
    <button
      type="button"
      className="icon-button sidebar-toggle"
      aria-label="Documents and outline"
      aria-expanded={open}
      aria-controls={drawer ? undefined : 'sidebar'}
      aria-keyshortcuts={ariaShortcut(SIDEBAR_KEY)}
      title={`${open ? 'Hide' : 'Show'} documents and outline (${readableShortcut(SIDEBAR_KEY)})`}
      data-testid="sidebar-toggle"
      onClick={onToggle}
    >
      {SIDEBAR_ICON}
    </button>
  )
}

export interface ViewSwitchProps {
  view: ViewMode
  /** One pane at a time: no side by side. */
  phone: boolean
  onView: (view: ViewMode) => void
}

const VIEWS: { view: ViewMode; label: string; icon: typeof EDITOR_ICON }[] = [
  { view: 'editor', label: 'Editor', icon: EDITOR_ICON },
  { view: 'both', label: 'Both', icon: BOTH_ICON },
  { view: 'preview', label: 'Preview', icon: PREVIEW_ICON },
]

export function ViewSwitch({ view, phone, onView }: ViewSwitchProps) {
  return (
    <div className="view-switch" role="group" aria-label="View">
      {VIEWS.filter((entry) => !(phone && entry.view === 'both')).map((entry) => (
        <button
          key={entry.view}
          type="button"
          aria-pressed={view === entry.view}
          title={entry.view === 'both' ? 'Editor and preview side by side' : `${entry.label} only`}
          data-view={entry.view}
          onClick={() => onView(entry.view)}
        >
          {entry.icon}
          <span className="view-label">{entry.label}</span>
        </button>
      ))}
    </div>
  )
}
