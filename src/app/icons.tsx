/**
 * The shell's line icons (no emoji: not every system has an emoji font). Decorative: the
 * control that shows one carries the name.
 */
const icon = (d: string) => (
  <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
)

export const SIDEBAR_ICON = icon('M2.5 3.5h11v9h-11zM6 3.5v9M3.8 6h1M3.8 8h1M3.8 10h1')
export const MORE_ICON = (
  <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="3.5" cy="8" r="1.4" />
    <circle cx="8" cy="8" r="1.4" />
    <circle cx="12.5" cy="8" r="1.4" />
  </svg>
)
export const EDITOR_ICON = icon('M3 3.5h10M3 6.5h7M3 9.5h10M3 12.5h5')
export const PREVIEW_ICON = icon('M4 2.5h6l2.5 2.5v8.5h-8.5zM10 2.5V5h2.5M6 8h4.5M6 10.5h4.5')
export const BOTH_ICON = icon('M2.5 3.5h11v9h-11zM8 3.5v9')
export const EXPORT_ICON = icon('M8 2.5v7M5 6.5l3 3 3-3M3 11v2.5h10V11')
