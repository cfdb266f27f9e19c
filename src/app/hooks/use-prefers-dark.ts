/**
 * Whether the system asks for a dark theme, following changes live.
 */
import { useEffect, useState } from 'react'

const QUERY = '(prefers-color-scheme: dark)'

export function usePrefersDark(): boolean {
  const [dark, setDark] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches)
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(QUERY)
    const change = () => setDark(query.matches)
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [])
  return dark
}
