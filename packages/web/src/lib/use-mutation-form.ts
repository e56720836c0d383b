// One mutation form state (issue 18 item 4: one hook instead of the hand-rolled busy states): busy while
// the action runs, the failure's message when it throws, and a second submit while busy is ignored (a
// double click sends one request). The action does its own success work (clear the fields, refresh a query).
import { useCallback, useRef, useState } from 'react'

export interface MutationState {
  busy: boolean
  /** The message of the last failure; null after a success or before the first run. */
  error: string | null
}

export interface MutationOptions {
  /** The message a person reads for a thrown error (e.g. the SDK error's message). */
  describe: (error: unknown) => string
  /** Also told of a failure, e.g. to show it as an alert instead of inline. */
  onError?: (message: string) => void
}

/**
 * The state machine without React, so it is tested plainly: `run` answers true when the action
 * succeeded, false when it failed or was ignored because one is already running.
 */
export function mutationRunner(set: (state: MutationState) => void, options: MutationOptions) {
  let running = false
  return async function run(action: () => Promise<unknown>): Promise<boolean> {
    if (running) return false
    running = true
    set({ busy: true, error: null })
    try {
      await action()
      set({ busy: false, error: null })
      return true
    } catch (error) {
      const message = options.describe(error)
      set({ busy: false, error: message })
      options.onError?.(message)
      return false
    } finally {
      running = false
    }
  }
}

export function useMutationForm(options: MutationOptions) {
  const [state, setState] = useState<MutationState>({ busy: false, error: null })
  const optionsRef = useRef(options)
  optionsRef.current = options
  // one runner for the component's life, so its running flag guards every submit
  const runnerRef = useRef<ReturnType<typeof mutationRunner> | null>(null)
  runnerRef.current ??= mutationRunner(setState, {
    describe: (error) => optionsRef.current.describe(error),
    onError: (message) => optionsRef.current.onError?.(message),
  })
  const run = runnerRef.current
  const clearError = useCallback(() => setState((s) => ({ ...s, error: null })), [])
  return { ...state, run, clearError }
}
