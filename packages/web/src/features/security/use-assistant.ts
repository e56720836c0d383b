// The assistant on the report page (report-page §4 "Assistant availability: a ping with a 10 s
// time-out; enabled only on status 200", §6 "AI tab needs hasChaiFeature and chat enabled") and one
// chat's life: start around a vulnerability, stream the answer in, ask follow-ups.
import { ASSISTANT_PING_TIMEOUT_MS, type AssistantLine, assistantMessages } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { sdk } from '../../lib/sdk'
import { askProblem, chatReducer, initialChat } from './chat-model'

/** Where the assistant's answers come from: a configured model, or the advisory data alone. */
export type AssistantSource = 'model' | 'advisory-data'

/**
 * The source of the answers when the account has the feature and the server's assistant answers its ping
 * with 200, else null (no AI tab).
 */
export function useAssistantAvailable(hasChaiFeature: boolean): AssistantSource | null {
  const ping = useQuery({
    queryKey: ['assistant', 'ping'],
    queryFn: () => sdk.call('assistantPing', { signal: AbortSignal.timeout(ASSISTANT_PING_TIMEOUT_MS) }),
    enabled: hasChaiFeature,
    retry: false,
    staleTime: 5 * 60_000,
  })
  return hasChaiFeature && ping.data ? ping.data.source : null
}

export interface AdviceContext {
  projectId: string
  reportId: string
  adviceId: string
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function useAssistantChat(context: AdviceContext) {
  const [state, dispatch] = useReducer(chatReducer, initialChat)
  const abort = useRef<AbortController | null>(null)
  const started = useRef(false)
  // Leaving stops the answer; a remount (React's development double mount) starts afresh.
  useEffect(
    () => () => {
      abort.current?.abort()
      started.current = false
    },
    [],
  )

  const run = useCallback(async (lines: AsyncIterable<AssistantLine>, controller: AbortController) => {
    try {
      for await (const line of lines) {
        if (controller.signal.aborted) return
        dispatch({ kind: 'line', line })
      }
    } catch (error) {
      if (controller.signal.aborted) return
      dispatch({ kind: 'failed', message: message(error) })
    }
  }, [])

  /** Starts the conversation once (§4: opening the AI tab starts it). */
  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    const controller = new AbortController()
    abort.current = controller
    dispatch({ kind: 'ask', question: null, date: new Date().toISOString() })
    void run(
      sdk.stream('assistantAroundVulnerability', { body: context, signal: controller.signal }),
      controller,
    )
  }, [context, run])

  const ask = useCallback(
    (question: string) => {
      if (state.streaming) return
      const problem = askProblem(state, question)
      if (problem !== null || !state.conversationId) {
        dispatch({ kind: 'failed', message: problem ?? assistantMessages.noConversation })
        return
      }
      const text = question.trim()
      const controller = new AbortController()
      abort.current = controller
      dispatch({ kind: 'ask', question: text, date: new Date().toISOString() })
      void run(
        sdk.stream('assistantAsk', {
          params: { id: state.conversationId },
          body: { question: text },
          signal: controller.signal,
        }),
        controller,
      )
    },
    [state, run],
  )

  return { state, start, ask }
}
