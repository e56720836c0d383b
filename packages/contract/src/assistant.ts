// The assistant chat service (spec report-page §2 "AI tab", §3 "Chat message", §4 "AI chat", §5, §7;
// accounts-and-api §7 "Assistant chat service"): request bodies, the newline-delimited JSON lines the
// conversation routes stream, the ping answer, messages and limits.
import { z } from 'zod'

export const assistantMessages = {
  /** §5: starting a chat needs advice. */
  noAdvice: 'Cannot start conversation without specifying advice',
  /** §5: asking needs a conversation id. */
  noConversation: 'Conversation id is not specified',
  emptyQuestion: 'Please write a question for the assistant.',
  notConfigured:
    'The AI assistant is not configured on this server: its administrator has to set SEXTANT_ASSISTANT_URL (an OpenAI-compatible chat-completions endpoint).',
  noFeature: 'The AI assistant is not enabled for this account (feature chai).',
  /** product-notes "The assistant": with no model configured it answers from the advisory data and says so. */
  advisoryDataOnly:
    'No language model is configured on this server: this answer comes from the advisory data alone.',
} as const

/** Ours: limits of one conversation (the spec names none). */
export const ASSISTANT_LIMITS = {
  /** Longest question, in characters. */
  questionChars: 2000,
} as const

/** §4 "Assistant availability: a ping with a 10 s time-out". */
export const ASSISTANT_PING_TIMEOUT_MS = 10_000

/** The account feature that shows the AI tab (§6 "AI tab needs hasChaiFeature and chat enabled"). */
export const ASSISTANT_FEATURE = 'chai'

const reportContext = {
  projectId: z.string().min(1, 'No project uuid has been specified'),
  reportId: z.string().min(1, 'No report uuid has been specified'),
}

export const conversationWithSummaryBodySchema = z.object(reportContext)
export const conversationAroundVulnerabilityBodySchema = z.object({
  ...reportContext,
  adviceId: z.string({ message: assistantMessages.noAdvice }).trim().min(1, assistantMessages.noAdvice),
})
export const conversationAskParamsSchema = z.object({
  id: z.string({ message: assistantMessages.noConversation }).min(1, assistantMessages.noConversation),
})
export const conversationAskBodySchema = z.object({
  question: z
    .string({ message: assistantMessages.emptyQuestion })
    .trim()
    .min(1, assistantMessages.emptyQuestion)
    .max(
      ASSISTANT_LIMITS.questionChars,
      `A question may have at most ${ASSISTANT_LIMITS.questionChars} characters.`,
    ),
})

/**
 * One line of a conversation stream (§7): `conversation` first (value.id), then `streaming` pieces of
 * the answer as they arrive, then `finalAnswer` with the whole answer; `error` (ours) ends a stream
 * that failed after it began.
 */
export const assistantLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('conversation'), value: z.object({ id: z.string() }) }),
  z.object({ type: z.literal('streaming'), value: z.string() }),
  z.object({ type: z.literal('finalAnswer'), value: z.string() }),
  z.object({ type: z.literal('error'), value: z.object({ message: z.string() }) }),
])
export type AssistantLine = z.infer<typeof assistantLineSchema>

export const assistantPingSchema = z.object({
  healthy: z.literal(true),
  /** The configured model; null when the server has none and answers from the advisory data alone. */
  model: z.string().nullable(),
  source: z.enum(['model', 'advisory-data']),
})

export type ConversationWithSummaryBody = z.infer<typeof conversationWithSummaryBodySchema>
export type ConversationAroundVulnerabilityBody = z.infer<typeof conversationAroundVulnerabilityBodySchema>
