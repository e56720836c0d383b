// The assistant chat service (spec report-page §2 "AI tab", §4 "AI chat", §5, §7; accounts-and-api §7
// "Assistant chat service"): conversations about a report or one of its advices, answered by the
// configured OpenAI-compatible endpoint, or with none from the advisory data alone, saying so
// (product-notes "The assistant"), and streamed to the caller as newline-delimited JSON lines
// (conversation, streaming…, finalAnswer; error when the answer breaks off).
import { randomUUID } from 'node:crypto'
import { pipeline, Readable } from 'node:stream'
import {
  ASSISTANT_FEATURE,
  type AssistantLine,
  assistantMessages,
  type Report,
  routes,
} from '@sextant/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AssistantConfig } from '../../config'
import type { Db } from '../../db/connection'
import type { Principal } from '../../http/auth'
import { HttpError } from '../../http/errors'
import { orThrow } from '../../http/problems'
import { bindRoute } from '../../http/route'
import type { OutboundClient } from '../../http-client'
import { visibleProject } from '../../services/project-lookup'
import { reportJsonById } from '../../services/reports.repo'
import { advisoryDataAnswer, advisoryDataFollowUp, advisoryDataSummary, onePiece } from './assistant.offline'
import { chatTurns, findAdvice, summaryPrompt, vulnerabilityPrompt } from './assistant.prompts'
import {
  appendTurn,
  type ConversationKind,
  type ConversationOwner,
  findConversation,
  insertConversation,
} from './assistant.repo'
import { type ChatTurn, openCompletion, UpstreamError } from './upstream'

/** Follow-up questions of one conversation when no model is configured (the configured limit's default). */
const ADVISORY_DATA_MAX_QUESTIONS = 20

/** Where an answer comes from: the configured model's stream, or one piece written from the advisory data. */
type Answerer = (turns: ChatTurn[], signal: AbortSignal) => Promise<AsyncIterable<string>>

/** The caller as a conversation owner; 403 unless their account has the assistant feature (§6). */
function ownerOf(principal: Principal): ConversationOwner {
  if (principal.kind !== 'member') throw new HttpError(401, 'Sign in to talk to the assistant.')
  if (!principal.account.features.includes(ASSISTANT_FEATURE))
    throw new HttpError(403, assistantMessages.noFeature)
  return { accountUuid: principal.account.uuid, membershipUuid: principal.member.membershipUuid }
}

async function readableReport(
  db: Db,
  principal: Principal,
  projectId: string,
  reportId: string,
): Promise<Report> {
  const project = orThrow(await visibleProject(db, principal, projectId))
  const json = await reportJsonById(db, project.uuid, reportId)
  if (!json) throw new HttpError(404, `NOT FOUND: this project has no report ${reportId}.`)
  return JSON.parse(json) as Report
}

const line = (value: AssistantLine) => `${JSON.stringify(value)}\n`

/**
 * Asks upstream (a failure before the first piece is a 502 JSON error), then streams the lines.
 * `begin` runs once the upstream accepted the question (stores the conversation and question).
 */
async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  answer: Answerer,
  conversationUuid: string,
  turns: ChatTurn[],
  begin: () => Promise<void>,
): Promise<void> {
  const gone = new AbortController()
  reply.raw.on('close', () => gone.abort())
  let pieces: AsyncIterable<string>
  try {
    pieces = await answer(turns, gone.signal)
  } catch (error) {
    if (error instanceof UpstreamError) throw new HttpError(502, error.message)
    throw error
  }
  await begin()
  async function* lines(): AsyncGenerator<string> {
    yield line({ type: 'conversation', value: { id: conversationUuid } })
    let answer = ''
    try {
      for await (const piece of pieces) {
        answer += piece
        yield line({ type: 'streaming', value: piece })
      }
    } catch (error) {
      const message = error instanceof UpstreamError ? error.message : 'The assistant failed while answering.'
      request.log.warn({ err: error }, 'assistant answer broke off')
      yield line({ type: 'error', value: { message } })
      return
    }
    await appendTurn(db, conversationUuid, 'assistant', answer)
    yield line({ type: 'finalAnswer', value: answer })
  }
  // The stream is written by hand: Fastify's own send would only count it sent once it ended.
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  })
  pipeline(Readable.from(lines()), reply.raw, (error) => {
    if (error && !gone.signal.aborted) request.log.error({ err: error }, 'assistant stream failed')
  })
}

export function assistantRoutes(
  app: FastifyInstance,
  db: Db,
  config: AssistantConfig | null,
  outbound: OutboundClient,
): void {
  // Conversations answering right now in this process: a second question waits for the first answer.
  const answering = new Set<string>()
  const maxQuestions = config?.maxQuestions ?? ADVISORY_DATA_MAX_QUESTIONS
  /** The model's answer, or (no model configured) `offline`, written from the advisory data. */
  const answerer =
    (offline: () => string): Answerer =>
    async (turns, signal) =>
      config ? (await openCompletion(config, turns, signal, outbound)).pieces : onePiece(offline())

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { projectId: string; reportId: string; adviceId: string | null },
  ): Promise<void> {
    const owner = ownerOf(request.principal)
    const report = await readableReport(db, request.principal, input.projectId, input.reportId)
    let prompt: string
    let kind: ConversationKind
    let offline: () => string
    if (input.adviceId !== null) {
      const found = findAdvice(report, input.adviceId)
      if (!found) throw new HttpError(404, `This report has no advice ${input.adviceId}.`)
      prompt = vulnerabilityPrompt(found)
      kind = 'vulnerability'
      offline = () => advisoryDataAnswer(found)
    } else {
      prompt = summaryPrompt(report)
      kind = 'summary'
      offline = () => advisoryDataSummary(report)
    }
    const uuid = randomUUID()
    await streamAnswer(
      request,
      reply,
      db,
      answerer(offline),
      uuid,
      chatTurns([{ role: 'user', content: prompt }]),
      async () => {
        await insertConversation(db, owner, {
          uuid,
          projectUuid: report.project.uuid,
          reportUuid: report.uuid,
          adviceId: input.adviceId,
          kind,
        })
        await appendTurn(db, uuid, 'user', prompt)
      },
    )
  }

  bindRoute(app, routes.assistantWithSummary, async ({ body, request, reply }) => {
    await start(request, reply, { ...body, adviceId: null })
    return undefined
  })

  bindRoute(app, routes.assistantAroundVulnerability, async ({ body, request, reply }) => {
    await start(request, reply, body)
    return undefined
  })

  bindRoute(app, routes.assistantAsk, async ({ params, body, request, reply }) => {
    const owner = ownerOf(request.principal)
    const conversation = await findConversation(db, owner, params.id)
    if (!conversation) throw new HttpError(404, `There is no conversation ${params.id} of yours.`)
    // The caller must still be able to read the report the conversation is about.
    orThrow(await visibleProject(db, request.principal, conversation.projectUuid))
    // The first user turn is the report context; the others are the member's questions.
    const asked = conversation.turns.filter((t) => t.role === 'user').length - 1
    if (asked >= maxQuestions)
      throw new HttpError(
        409,
        `This conversation has reached its limit of ${maxQuestions} questions; start a new one.`,
      )
    if (answering.has(conversation.uuid))
      throw new HttpError(
        409,
        'The assistant is still answering in this conversation; ask again once it has finished.',
      )
    answering.add(conversation.uuid)
    reply.raw.on('close', () => answering.delete(conversation.uuid))
    try {
      const turns = chatTurns([...conversation.turns, { role: 'user', content: body.question }])
      await streamAnswer(request, reply, db, answerer(advisoryDataFollowUp), conversation.uuid, turns, () =>
        appendTurn(db, conversation.uuid, 'user', body.question),
      )
    } catch (error) {
      answering.delete(conversation.uuid)
      throw error
    }
    return undefined
  })

  bindRoute(app, routes.assistantPing, async () =>
    config
      ? { healthy: true as const, model: config.model, source: 'model' as const }
      : { healthy: true as const, model: null, source: 'advisory-data' as const },
  )
}
