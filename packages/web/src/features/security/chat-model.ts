// The AI tab's chat (report-page §3 "Chat message: from, text, date, done"; §4 "answers stream in and
// are marked done at the final answer; send is disabled while streaming"; §5 "Chat sends only
// non-empty input"): a reducer over the NDJSON lines of the assistant routes.
import { type AssistantLine, assistantMessages } from '@sextant/contract'

export interface ChatMessage {
  from: 'user' | 'ai'
  text: string
  date: string
  done: boolean
  /** Set when the answer broke off: the reason, shown under what arrived. */
  error?: string
}

export interface ChatState {
  conversationId: string | null
  messages: ChatMessage[]
  streaming: boolean
  /** A failure before any answer (refused question, service off): shown above the input. */
  failure: string | null
}

export const initialChat: ChatState = { conversationId: null, messages: [], streaming: false, failure: null }

export type ChatEvent =
  | { kind: 'ask'; question: string | null; date: string }
  | { kind: 'line'; line: AssistantLine }
  | { kind: 'failed'; message: string }

/**
 * Why a question cannot be asked now (§5: only non-empty input; asking needs a conversation id), or
 * null when it can. While an answer streams the send is disabled (§4) and nothing is said.
 */
export function askProblem(state: ChatState, input: string): string | null {
  if (state.conversationId === null || state.conversationId === '') return assistantMessages.noConversation
  if (input.trim() === '') return assistantMessages.emptyQuestion
  return null
}

/** Whether the input may be sent now. */
export function canSend(state: ChatState, input: string): boolean {
  return !state.streaming && askProblem(state, input) === null
}

function updateLast(messages: ChatMessage[], change: (m: ChatMessage) => ChatMessage): ChatMessage[] {
  const last = messages.at(-1)
  if (last?.from !== 'ai') return messages
  return [...messages.slice(0, -1), change(last)]
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.kind) {
    case 'ask': {
      // A new conversation (no question) starts from nothing.
      if (event.question === null)
        return {
          ...initialChat,
          streaming: true,
          messages: [{ from: 'ai', text: '', date: event.date, done: false }],
        }
      return {
        ...state,
        streaming: true,
        failure: null,
        messages: [
          ...state.messages,
          { from: 'user', text: event.question, date: event.date, done: true },
          { from: 'ai', text: '', date: event.date, done: false },
        ],
      }
    }
    case 'line': {
      const { line } = event
      if (line.type === 'conversation') return { ...state, conversationId: line.value.id }
      if (line.type === 'streaming')
        return {
          ...state,
          messages: updateLast(state.messages, (m) => ({ ...m, text: m.text + line.value })),
        }
      if (line.type === 'finalAnswer')
        return {
          ...state,
          streaming: false,
          messages: updateLast(state.messages, (m) => ({ ...m, text: line.value, done: true })),
        }
      return {
        ...state,
        streaming: false,
        messages: updateLast(state.messages, (m) => ({ ...m, done: true, error: line.value.message })),
      }
    }
    case 'failed': {
      // The pending answer goes when nothing of it arrived; a partial one keeps its text and the reason.
      const last = state.messages.at(-1)
      const messages =
        last?.from === 'ai' && !last.done && last.text === ''
          ? state.messages.slice(0, -1)
          : updateLast(state.messages, (m) => (m.done ? m : { ...m, done: true, error: event.message }))
      return { ...state, streaming: false, failure: event.message, messages }
    }
  }
}
