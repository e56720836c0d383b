// Binds a contract route (DESIGN §5) to a handler: params, query and body parsed by the route's zod
// schemas at the edge, a 400 naming the field otherwise; the handler receives typed, trusted input.
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

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined
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
