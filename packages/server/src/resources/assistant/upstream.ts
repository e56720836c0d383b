// The assistant's upstream (accounts-and-api §7 "Assistant chat service"): any OpenAI-compatible
// chat-completions endpoint, asked with `stream: true`; its server-sent `data:` chunks are read as they
// arrive and answered as pieces of text, through the outbound client (issue 18 item 3; the operator chose
// the URL, so any address may be reached). Failures are UpstreamError with a message fit for the user.
import type { Readable } from 'node:stream'
import type { AssistantConfig } from '../../config'
import type { OutboundClient } from '../../http-client'

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export class UpstreamError extends Error {}

export interface OpenCompletion {
  /** The pieces of the answer, in order; throws UpstreamError when the stream breaks off. */
  pieces: AsyncIterable<string>
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Reads the body until the time-out or abort; explains an abort by which of the two happened. */
function failure(error: unknown, timedOut: boolean, timeoutMs: number): UpstreamError {
  if (error instanceof UpstreamError) return error
  if (timedOut)
    return new UpstreamError(
      `The assistant did not finish its answer within ${Math.round(timeoutMs / 1000)} s.`,
    )
  return new UpstreamError(`The assistant service broke off its answer: ${describe(error)}`)
}

/** One `data:` payload: its text piece, null for none, or an UpstreamError the service sent. */
function pieceOf(data: string): string | null {
  let chunk: unknown
  try {
    chunk = JSON.parse(data)
  } catch {
    throw new UpstreamError('The assistant service sent a chunk that is not JSON.')
  }
  const c = chunk as {
    error?: { message?: unknown }
    choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[]
  }
  if (c.error)
    throw new UpstreamError(
      `The assistant service reported an error: ${String(c.error.message ?? 'unknown')}`,
    )
  const choice = c.choices?.[0]
  const content = choice?.delta?.content ?? choice?.message?.content
  return typeof content === 'string' && content !== '' ? content : null
}

/** The largest answer read from the service (a chat answer is text; this only bounds a runaway stream). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024

async function* readPieces(
  body: Readable,
  state: { timedOut: boolean },
  timeoutMs: number,
  done: () => void,
): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  const chunks = body[Symbol.asyncIterator]()
  try {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await chunks.next()
      } catch (error) {
        throw failure(error, state.timedOut, timeoutMs)
      }
      if (next.done) break
      buffer += decoder.decode(next.value, { stream: true })
      let end = buffer.indexOf('\n')
      while (end >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '')
        buffer = buffer.slice(end + 1)
        end = buffer.indexOf('\n')
        if (!line.startsWith('data:')) continue
        const data = line.slice(5).trim()
        if (data === '[DONE]') return
        const piece = pieceOf(data)
        if (piece !== null) yield piece
      }
    }
    throw new UpstreamError('The assistant service ended its answer without finishing it.')
  } finally {
    body.on('error', () => {}).destroy()
    done()
  }
}

/**
 * Sends the conversation and waits for the answer's headers: a refused connection or a non-2xx answer
 * throws UpstreamError before anything is streamed to the user. `signal` aborts (client gone).
 */
export async function openCompletion(
  config: AssistantConfig,
  messages: ChatTurn[],
  signal: AbortSignal,
  outbound: OutboundClient,
): Promise<OpenCompletion> {
  const controller = new AbortController()
  const state = { timedOut: false }
  const timer = setTimeout(() => {
    state.timedOut = true
    controller.abort()
  }, config.timeoutMs)
  const onAbort = () => controller.abort()
  signal.addEventListener('abort', onAbort)
  const done = () => {
    clearTimeout(timer)
    signal.removeEventListener('abort', onAbort)
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' }
  if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`
  const response = await outbound.open({
    url: config.completionsUrl,
    method: 'POST',
    headers,
    body: JSON.stringify({ model: config.model, messages, stream: true }),
    reach: 'any',
    maxBytes: MAX_ANSWER_BYTES,
    timeoutMs: config.timeoutMs,
    signal: controller.signal,
  })
  if (!response.ok) {
    done()
    if (state.timedOut || response.kind === 'timeout') throw failure(response, true, config.timeoutMs)
    throw new UpstreamError(`The assistant service could not be reached: ${response.message}`)
  }
  if (response.status < 200 || response.status >= 300) {
    let text = ''
    try {
      for await (const chunk of response.body) {
        text += chunk.toString()
        if (text.length >= 300) break
      }
    } catch {}
    response.body.on('error', () => {}).destroy()
    done()
    text = text.slice(0, 300)
    let detail = text
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } }
      detail = parsed.error?.message ?? text
    } catch {}
    throw new UpstreamError(
      `The assistant service answered ${response.status}${detail ? `: ${detail}` : ''}`.trim(),
    )
  }
  return { pieces: readPieces(response.body, state, config.timeoutMs, done) }
}
