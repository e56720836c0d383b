// The OpenAPI 3.1 document of the public API (DESIGN §5 "OpenAPI is generated from the contract and
// served at /api/docs"), built from the typed route table: paths, methods, parameters, bodies and
// answers all come from the same zod schemas the server validates with.
import { z } from 'zod'
import { apiErrorSchema } from './error'
import { type RouteDef, routes } from './routes'

type JsonSchema = Record<string, unknown>

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Schemas with transforms or refinements still describe their shape; unrepresentable parts become {}.
  const json = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  return json
}

function parametersOf(route: RouteDef): JsonSchema[] {
  const out: JsonSchema[] = []
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue
    const json = schemaOf(schema, 'input')
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((json.required as string[] | undefined) ?? [])
    for (const [name, property] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property })
    }
  }
  for (const header of route.headers ?? [])
    out.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string' },
    })
  return out
}

export function openApiDocument(info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const defs = routes as Record<string, RouteDef>
  for (const [name, route] of Object.entries(defs)) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    const operation: JsonSchema = {
      operationId: name,
      summary: route.summary,
      security:
        route.access === 'member' ? [{ bearer: [] }, { token: [] }] : [{}, { bearer: [] }, { token: [] }],
      parameters: parametersOf(route),
      responses: {
        [String(route.status)]: {
          description: 'Success',
          content: {
            [route.stream === 'ndjson' ? 'application/x-ndjson' : 'application/json']: {
              schema: schemaOf(route.response, 'output'),
            },
          },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: schemaOf(apiErrorSchema, 'output') } },
        },
      },
    }
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
      }
    } else if (route.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      }
    }
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sextant API',
      version: info.version,
      description:
        'Software-composition analysis: security, stability and licensing of the open-source libraries your projects use.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Access token from POST /api/v1/credentials/login',
        },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "'Token <api token uuid>'",
        },
      },
    },
    paths,
  }
}
