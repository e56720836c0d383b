// createSextantClient: the typed API client over the contract's route table (DESIGN §1, accounts-and-api
// §7-§9). Input is checked with the route's schemas before sending, answers are parsed with the route's
// response schema, and any non-2xx answer throws an SdkError carrying the server's JSON error body.
import {
  assistantMessages,
  type RouteDef,
  type RouteName,
  routes,
  UPLOAD_KEY_HEADER,
} from '@sextant/contract'
import { authorizationHeader, resolveAuth, type SdkAuthSource } from './auth'
import { clientError, errorFromResponse, SdkError, sdkMessages } from './errors'
import type { CallArgs, CallResult, StreamRouteName, UploadQuery } from './types'
import { type ManifestFile, manifestsForm, sarifForm, sbomForm } from './uploads'
import { buildPath, buildQuery, joinUrl } from './url'

export const SDK_USER_AGENT = 'sextant-sdk/0.1.0'

export interface SextantClientOptions {
  /** e.g. http://localhost:8080, or the page's origin in the browser. */
  baseUrl: string
  fetch?: typeof fetch
  auth?: SdkAuthSource
  /** Sent as User-Agent; null sends none (browsers forbid setting it). */
  userAgent?: string | null
}

export interface SextantClient {
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<CallResult<N>>
  /** `options.uploadKey`: a public project's upload key (from the upload that created it), to add a scan to it without sign-in. */
  uploadSbom(
    projectId: string,
    file: Blob,
    query?: UploadQuery<'uploadSbom'>,
    options?: UploadOptions,
  ): Promise<CallResult<'uploadSbom'>>
  uploadManifests(
    projectId: string,
    files: ManifestFile[],
    query?: UploadQuery<'uploadManifests'>,
    options?: UploadOptions,
  ): Promise<CallResult<'uploadManifests'>>
  /** CI build flow step 2: the build's files, each part named by its root-relative path. */
  uploadBuildFiles(buildId: string, files: ManifestFile[]): Promise<CallResult<'buildFiles'>>
  /** A SARIF 2.1.0 file of any static-analysis tool for a project branch (issue 17). */
  uploadSarif(
    projectId: string,
    file: Blob,
    query?: UploadQuery<'uploadSarif'>,
  ): Promise<CallResult<'uploadSarif'>>
  /**
   * Imports an OSV file (all.zip, JSONL[.gz], JSON) into the running server (system administrators);
   * its name decides how it is read and the database it is stored as ('npm.jsonl.gz' → import-npm).
   */
  importAdvisories(file: Blob, fileName: string): Promise<CallResult<'databaseImport'>>
  /** Imports an EPSS CSV, a KEV JSON or a CWE list into the running server (system administrators). */
  importEnrichment(
    kind: 'epss' | 'kev' | 'cwe',
    file: Blob,
    fileName: string,
  ): Promise<CallResult<'enrichmentImport'>>
  /**
   * Calls a streaming route (newline-delimited JSON): yields each line, parsed with the route's
   * response schema, as soon as it arrives. A non-2xx answer throws SdkError before the first line.
   */
  stream<N extends StreamRouteName>(name: N, ...args: CallArgs<N>): AsyncGenerator<CallResult<N>>
  /**
   * Calls a route that answers a file (a download such as the page's CSVs): its name from
   * Content-Disposition, its type and its bytes. An answer that is not a file (an export queued as an
   * era, 202) throws SdkError.
   */
  file<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<DownloadedFile>
}

export interface DownloadedFile {
  name: string
  type: string
  blob: Blob
}

export interface UploadOptions {
  /** Sent as X-Upload-Key (issue 13 item 10): adds a scan to a public project made without sign-in. */
  uploadKey?: string
}

interface Request {
  params?: Record<string, unknown> | undefined
  query?: Record<string, unknown> | undefined
  body?: unknown
  form?: FormData
  signal?: AbortSignal | undefined
  headers?: Record<string, string>
}

/** Catalogue messages a parameter's schema may name itself (report-page §5, accounts-and-api §8). */
const catalogueMessages: ReadonlySet<string> = new Set([
  ...Object.values(sdkMessages),
  ...Object.values(assistantMessages),
])

/**
 * The spec's message for a missing path parameter: the one its schema names when that is a catalogue
 * message (asking needs a conversation id: 'Conversation id is not specified'), else by its name.
 */
function missingParamMessage(name: string, schemaMessage: string | undefined): string {
  if (schemaMessage !== undefined && catalogueMessages.has(schemaMessage)) return schemaMessage
  if (name === 'projectId') return sdkMessages.noProject
  if (name === 'id') return sdkMessages.noAccount
  return sdkMessages.missingInformation
}

function checkInput(route: RouteDef, request: Request): void {
  if (route.params) {
    const parsed = route.params.safeParse(request.params ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw clientError(missingParamMessage(String(issue?.path[0] ?? ''), issue?.message))
    }
  }
  if (route.query) {
    const parsed = route.query.safeParse(request.query ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw clientError(issue ? `${issue.path.join('.')}: ${issue.message}` : sdkMessages.missingInformation)
    }
  }
  if (route.body && !request.form) {
    const parsed = route.body.safeParse(request.body)
    if (!parsed.success) throw clientError(parsed.error.issues[0]?.message ?? sdkMessages.missingInformation)
  }
}

const uploadHeaders = (options: UploadOptions | undefined): Record<string, string> =>
  options?.uploadKey ? { [UPLOAD_KEY_HEADER]: options.uploadKey } : {}

export function createSextantClient(options: SextantClientOptions): SextantClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const userAgent = options.userAgent === undefined ? SDK_USER_AGENT : options.userAgent
  // A fixed auth value is checked at once, so a bad setting fails where it is written.
  if (typeof options.auth === 'object' && options.auth !== null) authorizationHeader(options.auth)

  /** Sends the request; answers the response once it is 2xx, else throws the server's error. */
  async function open(route: RouteDef, request: Request, accept: string): Promise<Response> {
    checkInput(route, request)
    const headers: Record<string, string> = { ...request.headers, Accept: accept }
    const authorization = authorizationHeader(resolveAuth(options.auth))
    if (authorization) headers.Authorization = authorization
    if (userAgent) headers['User-Agent'] = userAgent
    let body: BodyInit | undefined
    if (request.form) body = request.form
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(request.body)
    }
    const url = joinUrl(options.baseUrl, buildPath(route.path, request.params) + buildQuery(request.query))
    let response: Response
    try {
      response = await doFetch(url, { method: route.method, headers, body, signal: request.signal ?? null })
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
      const reason = cause instanceof Error ? cause.message : String(cause)
      throw clientError(
        `Could not reach the Sextant server at ${options.baseUrl}: ${reason}`,
        'NETWORK ERROR',
      )
    }
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text())
    return response
  }

  function parseAnswer(route: RouteDef, status: number, text: string, what: string): unknown {
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      throw clientError(
        `The server's ${what} to ${route.method} ${route.path} is not JSON.`,
        'INVALID RESPONSE',
      )
    }
    const parsed = route.response.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''
      throw new SdkError({
        status,
        error: 'INVALID RESPONSE',
        message: `The server's ${what} to ${route.method} ${route.path} does not match the contract${where}.`,
      })
    }
    return parsed.data
  }

  async function send(route: RouteDef, request: Request): Promise<unknown> {
    const response = await open(route, request, 'application/json')
    return parseAnswer(route, response.status, await response.text(), 'answer')
  }

  async function* streamLines(route: RouteDef, request: Request): AsyncGenerator<unknown> {
    const response = await open(route, request, 'application/x-ndjson')
    if (!response.body) return
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n')
        while (end >= 0) {
          const line = buffer.slice(0, end).trim()
          buffer = buffer.slice(end + 1)
          end = buffer.indexOf('\n')
          if (line) yield parseAnswer(route, response.status, line, 'line')
        }
        if (done) break
      }
      if (buffer.trim()) yield parseAnswer(route, response.status, buffer.trim(), 'line')
    } finally {
      // Stopping early (break, return, an error) releases the connection.
      reader.cancel().catch(() => {})
    }
  }

  async function receiveFile(route: RouteDef, request: Request): Promise<DownloadedFile> {
    const response = await open(route, request, '*/*')
    const disposition = response.headers.get('content-disposition') ?? ''
    const name = /filename="([^"]+)"/.exec(disposition)?.[1]
    if (response.status !== 200 || !name) {
      await response.body?.cancel()
      throw new SdkError({
        status: response.status,
        error: 'INVALID RESPONSE',
        message: `The server's answer to ${route.method} ${route.path} is not a file.`,
      })
    }
    return { name, type: response.headers.get('content-type') ?? '', blob: await response.blob() }
  }

  return {
    call(name, ...args) {
      const route: RouteDef = routes[name]
      const request = args[0] ?? {}
      return send(route, request) as Promise<CallResult<typeof name>>
    },
    file(name, ...args) {
      return receiveFile(routes[name], args[0] ?? {})
    },
    stream(name, ...args) {
      const route: RouteDef = routes[name]
      return streamLines(route, args[0] ?? {}) as AsyncGenerator<CallResult<typeof name>>
    },
    uploadSbom(projectId, file, query, options) {
      return send(routes.uploadSbom, {
        params: { projectId },
        query,
        form: sbomForm(file),
        headers: uploadHeaders(options),
      }) as Promise<CallResult<'uploadSbom'>>
    },
    importAdvisories(file, fileName) {
      const form = new FormData()
      form.append('file', file, fileName)
      return send(routes.databaseImport, { form }) as Promise<CallResult<'databaseImport'>>
    },
    importEnrichment(kind, file, fileName) {
      const form = new FormData()
      form.append('file', file, fileName)
      return send(routes.enrichmentImport, { query: { kind }, form }) as Promise<
        CallResult<'enrichmentImport'>
      >
    },
    uploadManifests(projectId, files, query, options) {
      if (files.length === 0) return Promise.reject(clientError(sdkMessages.missingInformation))
      return send(routes.uploadManifests, {
        params: { projectId },
        query,
        form: manifestsForm(files),
        headers: uploadHeaders(options),
      }) as Promise<CallResult<'uploadManifests'>>
    },
    uploadSarif(projectId, file, query) {
      return send(routes.uploadSarif, { params: { projectId }, query, form: sarifForm(file) }) as Promise<
        CallResult<'uploadSarif'>
      >
    },
    uploadBuildFiles(buildId, files) {
      if (files.length === 0) return Promise.reject(clientError(sdkMessages.missingInformation))
      return send(routes.buildFiles, { params: { id: buildId }, form: manifestsForm(files) }) as Promise<
        CallResult<'buildFiles'>
      >
    },
  }
}
