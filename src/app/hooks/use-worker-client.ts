/**
 * The workers' client (src/worker/client.ts), alive as long as the app: its events go to the
 * preview and the messages, whichever callbacks the latest render gave.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { renderBudgetFromQuery } from '../../worker/budget.js'
import { WorkerClient, type ClientEvents } from '../../worker/client.js'

export interface WorkerClientState {
  /** The client, while the app is mounted. */
  client: RefObject<WorkerClient | null>
  /** Another document is shown: drop replies for the old one. Stable. */
  reset: () => void
  /** After a render overran its budget: render again, waiting longer. Stable. */
  retry: () => void
  /** Check a large document now (they are not checked while typing). Stable. */
  check: () => void
}

export function useWorkerClient(events: ClientEvents): WorkerClientState {
  const client = useRef<WorkerClient | null>(null)
  const latest = useRef(events)
  latest.current = events

  useEffect(() => {
    const instance = new WorkerClient(
      {
        onRender: (reply) => latest.current.onRender(reply),
        onHast: (reply) => latest.current.onHast?.(reply),
        onMessages: (reply) => latest.current.onMessages(reply),
        onRenderError: (error) => latest.current.onRenderError(error),
        onRenderTimeout: (budgetMs) => latest.current.onRenderTimeout?.(budgetMs),
      },
      { renderBudget: renderBudgetFromQuery(window.location.search) },
    )
    client.current = instance
    return () => {
      instance.dispose()
      client.current = null
    }
  }, [])

  const reset = useCallback(() => client.current?.reset(), [])
  const retry = useCallback(() => client.current?.retry(), [])
  const check = useCallback(() => client.current?.check(), [])
  return { client, reset, retry, check }
}
