/**
 * A modal dialog on the native `<dialog>` and `showModal()`: the page behind is inert (no
 * pointer, no Tab, hidden from screen readers), Escape closes it at once, focus starts inside
 * (on `initialFocus`, or the first control) and goes back to what had it when the dialog
 * closes. Tab and Shift+Tab wrap around inside, rather than leaving for the browser's own
 * controls. A click on the backdrop closes it.
 *
 * Mounted means open: the owner shows it by rendering it and closes it by not rendering it
 * (`onClose` asks the owner to).
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react'

export interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string
  describedBy?: string
  className?: string
  onClose: () => void
  /** What takes the focus when the dialog opens (an element, or a selector inside the dialog); the first control by default. */
  initialFocus?: RefObject<HTMLElement | null> | string
  children: ReactNode
  testId?: string
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The controls Tab reaches inside `root`, in order (hidden ones left out). */
export function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && !element.closest('[inert]') && (element.getClientRects().length > 0 || typeof element.checkVisibility !== 'function'))
}

export function ModalDialog({ labelledBy, describedBy, className, onClose, initialFocus, children, testId }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const latestClose = useRef(onClose)
  latestClose.current = onClose

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // jsdom has no showModal: there the dialog is merely open.
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal()
    } else element.setAttribute('open', '')
    const wanted = typeof initialFocus === 'string' ? element.querySelector<HTMLElement>(initialFocus) : initialFocus?.current
    const first = wanted ?? tabbable(element)[0] ?? element
    first.focus()
    return () => {
      if (typeof element.close === 'function' && element.open) element.close()
      // Back to the opener, unless something else took the focus meanwhile (another dialog).
      if (opener?.isConnected && (document.activeElement === null || document.activeElement === document.body || element.contains(document.activeElement))) opener.focus()
    }
    // Once per opening: the dialog is mounted to open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Escape: the browser's `cancel` would close the element behind React's back; the owner closes it.
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const cancel = (event: Event) => {
      event.preventDefault()
      latestClose.current()
    }
    element.addEventListener('cancel', cancel)
    return () => element.removeEventListener('cancel', cancel)
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const element = dialog.current
    if (!element) return
    if (event.key === 'Escape' && !event.defaultPrevented) {
      // Where the browser sends no `cancel` (jsdom, a repeated Escape), close all the same.
      event.preventDefault()
      latestClose.current()
      return
    }
    if (event.key !== 'Tab') return
    const controls = tabbable(element)
    if (controls.length === 0) return
    const first = controls[0]!
    const last = controls[controls.length - 1]!
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === element)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  // The body fills the dialog's box, so a press on the element itself is on the backdrop around
  // it. Press and release both there: a drag that selects text in a field and ends outside is no click away.
  const pressedOutside = useRef(false)
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOutside.current = event.target === event.currentTarget
  }
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOutside.current && event.target === event.currentTarget) latestClose.current()
    pressedOutside.current = false
  }

  return (
    <dialog ref={dialog} className={className ? `modal ${className}` : 'modal'} aria-labelledby={labelledBy} aria-describedby={describedBy} aria-modal="true" onKeyDown={onKeyDown} onMouseDown={onMouseDown} onClick={onClick} data-testid={testId}>
      <div className="modal-body">{children}</div>
    </dialog>
  )
}
