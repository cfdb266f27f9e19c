/**
 * The top bar's "More" menu: the registry's commands marked for it (file actions, Page setup,
 * Print, scroll sync, palette, shortcuts), so nothing the top bar hides on a narrow screen is
 * out of reach. A menu button: ↓/Enter/Space open it on the first item, ↑/↓/Home/End move,
 * Escape or Tab or a click elsewhere close it, focus back on the button. Shown as a popover
 * (the top layer: the top bar's paint containment would clip it otherwise).
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { AppCommand } from './commands.js'
import { MORE_ICON } from './icons.js'
import { ariaShortcut, readableShortcut } from './keys.js'

export interface MoreMenuProps {
  commands: readonly AppCommand[]
}

export function MoreMenu({ commands }: MoreMenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const id = useId()
  const items = commands.filter((command) => command.inMenu && !command.disabled)

  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }, [])

  useLayoutEffect(() => {
    const element = menu.current
    const anchor = button.current
    if (!open || !element || !anchor) return
    const box = anchor.getBoundingClientRect()
    element.style.top = `${Math.round(box.bottom + 4)}px`
    element.style.right = `${Math.max(4, Math.round(document.documentElement.clientWidth - box.right))}px`
    if (typeof element.showPopover === 'function') element.showPopover()
    const entries = element.querySelectorAll<HTMLElement>('[role^="menuitem"]')
    entries[open === 'last' ? entries.length - 1 : 0]?.focus()
    return () => {
      if (typeof element.hidePopover === 'function' && element.matches(':popover-open')) element.hidePopover()
    }
  }, [open])

  // A press anywhere else closes it (the focus stays where the press puts it).
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      const target = event.target as Node | null
      if (target && !menu.current?.contains(target) && !button.current?.contains(target)) close(false)
    }
    document.addEventListener('pointerdown', outside, true)
    return () => document.removeEventListener('pointerdown', outside, true)
  }, [close, open])

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])]
    const at = entries.indexOf(document.activeElement as HTMLElement)
    const to = (index: number) => {
      event.preventDefault()
      entries[(index + entries.length) % entries.length]?.focus()
    }
    if (event.key === 'ArrowDown') to(at + 1)
    else if (event.key === 'ArrowUp') to(at - 1)
    else if (event.key === 'Home') to(0)
    else if (event.key === 'End') to(entries.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') close(false)
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button more-button"
        aria-label="More actions"
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={id}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(event.key === 'ArrowUp' ? 'last' : 'first')
          }
        }}
      >
        {MORE_ICON}
      </button>
      <div ref={menu} id={id} className="menu" role="menu" aria-label="More actions" popover="manual" hidden={open === false} onKeyDown={onMenuKey}>
        {items.map((command) => (
          <button
            key={command.id}
            type="button"
            role={command.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
            aria-checked={command.checked}
            aria-keyshortcuts={command.keys?.map(ariaShortcut).join(' ') || undefined}
            tabIndex={-1}
            data-command={command.id}
            onClick={() => {
              close(true)
              command.run()
            }}
          >
            <span className="menu-check" aria-hidden="true">
              {command.checked ? '✓' : ''}
            </span>
            <span className="menu-label">{command.label}</span>
            {command.keys?.[0] && <kbd>{readableShortcut(command.keys[0])}</kbd>}
          </button>
        ))}
      </div>
    </>
  )
}
