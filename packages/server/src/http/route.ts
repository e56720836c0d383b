// Binds a contract route (DESIGN §5) to a handler: params, query and body parsed by the route's zod
// schemas at the edge, a 400 naming the field otherwise; the handler receives typed, trusted input.
// A NUL character anywhere in a path, query or body (PostgreSQL stores none) is a 400 naming the field.
import type { RouteDef } from '@sextant/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { HttpError } from './errors'

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined

export interface RouteInput<R extends RouteDef> {
  params: Infer<R['params']>
  query: Infer<R['query']>
  body: Infer<R['body']>
  request: FastifyRequest
  reply: FastifyReply
}

export type RouteHandler<R extends RouteDef> = (
  input: RouteInput<R>,
) => Promise<z.input<R['response']> | undefined>

/**
 * The field of the first string (or key) holding a NUL character, e.g. `query.branch`; null when none.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulField(value: unknown, where: string): string | null {
  const stack: [unknown, string][] = [[value, where]]
  while (stack.length > 0) {
    const [v, path] = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`])
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v).reverse()) {
        if (k.includes('\u0000')) return `${path}.${k.replaceAll('\u0000', '\\0')}`
        stack.push([child, `${path}.${k}`])
      }
    }
  }
  return null
}

/** A 400 naming the field when a request part holds a NUL character. */
export function refuseNul(value: unknown, where: string): void {
  const field = nulField(value, where)
  if (field === null) return
  const message = 'must not contain a NUL character (\\0)'
  throw new HttpError(400, `Invalid ${where}: ${field}: ${message}`, [{ field, message }])
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined
  refuseNul(value, where)
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const details = result.error.issues.map((i) => ({
    field: `${where}.${i.path.join('.')}`,
    message: i.message,
  }))
  const first = details[0]
  throw new HttpError(
    400,
    `Invalid ${where}: ${first ? `${first.field}: ${first.message}` : 'malformed'}`,
    details,
  )
}

export function bindRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { access: route.access },
    handler: async (request, reply) => {
      const params = parsePart(route.params, request.params, 'path') as Infer<R['params']>
      const query = parsePart(route.query, request.query, 'query') as Infer<R['query']>
      const body = (route.multipart ? undefined : parsePart(route.body, request.body, 'body')) as Infer<
        R['body']
      >
      const result = await handler({ params, query, body, request, reply })
      if (reply.sent) return reply
      reply.status(route.status)
      return result
    },
  })
}
