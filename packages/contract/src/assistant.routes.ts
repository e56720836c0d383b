// Route definitions of the assistant chat service (spec report-page §7; accounts-and-api §7 "Assistant
// chat service"). The conversation routes stream newline-delimited JSON (`stream: 'ndjson'`): their
// `response` schema is that of one line. Asking about a report is reading it (§6 reports read).
import {
  assistantLineSchema,
  assistantPingSchema,
  conversationAroundVulnerabilityBodySchema,
  conversationAskBodySchema,
  conversationAskParamsSchema,
  conversationWithSummaryBodySchema,
} from './assistant'
import type { RouteDef } from './routes'

const readReports = { area: 'reports', action: 'read' } as const

export const assistantRouteDefs = {
  assistantWithSummary: {
    method: 'POST',
    path: '/api/v1/barista/conversations/with_summary',
    access: 'member',
    summary:
      'Start a conversation about a report ({projectId, reportId}): streams NDJSON lines conversation, streaming…, finalAnswer (error if the answer breaks off). 503 when the assistant is not configured.',
    body: conversationWithSummaryBodySchema,
    permission: readReports,
    stream: 'ndjson',
    status: 200,
    response: assistantLineSchema,
  },
  assistantAroundVulnerability: {
    method: 'POST',
    path: '/api/v1/barista/conversations/around_vulnerability',
    access: 'member',
    summary:
      'Start a conversation about one advice of a report ({projectId, reportId, adviceId}): streams NDJSON lines like with_summary.',
    body: conversationAroundVulnerabilityBodySchema,
    permission: readReports,
    stream: 'ndjson',
    status: 200,
    response: assistantLineSchema,
  },
  assistantAsk: {
    method: 'PUT',
    path: '/api/v1/barista/conversations/:id/ask',
    access: 'member',
    summary:
      "Ask a follow-up question ({question}) in one of the caller's conversations: streams NDJSON lines. 409 past the conversation's question limit.",
    params: conversationAskParamsSchema,
    body: conversationAskBodySchema,
    permission: readReports,
    stream: 'ndjson',
    status: 200,
    response: assistantLineSchema,
  },
  assistantPing: {
    method: 'GET',
    path: '/admin/server/barista/ping',
    access: 'member',
    summary:
      'Whether the assistant is available: 200 {healthy, model} when configured, 503 with the reason otherwise (§4: enabled only on 200).',
    status: 200,
    response: assistantPingSchema,
  },
} as const satisfies Record<string, RouteDef>
