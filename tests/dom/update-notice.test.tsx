/**
 * The update prompt: nothing shown until the service worker says a new version waits; then
 * "A new version is ready — Reload" (Reload hands over to the waiting worker), Later hides it.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAppUpdate, setApplyUpdate } from '../../src/app/app-update.js'
import { UpdateNotice } from '../../src/app/UpdateNotice.js'

afterEach(() => {
  cleanup()
  setAppUpdate({ needRefresh: false, offlineReady: false })
})

describe('UpdateNotice', () => {
  it('shows the prompt when a new version waits, and Reload applies it', async () => {
    const apply = vi.fn(() => Promise.resolve())
    setApplyUpdate(apply)
    const { queryByTestId, getByRole } = render(<UpdateNotice />)
    expect(queryByTestId('update-notice')).toBeNull()
    act(() => setAppUpdate({ offlineReady: true }))
    expect(queryByTestId('update-notice')).toBeNull()
    act(() => setAppUpdate({ needRefresh: true }))
    expect(queryByTestId('update-notice')?.textContent).toContain('A new version is ready.')
    await act(async () => fireEvent.click(getByRole('button', { name: 'Reload' })))
    expect(apply).toHaveBeenCalledTimes(1)
    expect(queryByTestId('update-notice')).toBeNull()
  })

  it('Later hides the prompt without applying the update', () => {
    const apply = vi.fn(() => Promise.resolve())
    setApplyUpdate(apply)
    const { queryByTestId, getByRole } = render(<UpdateNotice />)
    act(() => setAppUpdate({ needRefresh: true }))
    fireEvent.click(getByRole('button', { name: 'Later' }))
    expect(queryByTestId('update-notice')).toBeNull()
    expect(apply).not.toHaveBeenCalled()
  })
})
