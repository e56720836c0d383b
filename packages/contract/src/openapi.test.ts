import { describe, expect, it } from 'vitest'
import { openApiDocument } from './openapi'
import { routes } from './routes'

describe('openApiDocument', () => {
  const doc = openApiDocument({ version: '0.1.0' }) as {
    openapi: string
    paths: Record<
      string,
      Record<
        string,
        { operationId: string; parameters: { name: string; in: string }[]; requestBody?: unknown }
      >
    >
  }

  it('describes every route of the table exactly once', () => {
    const operations = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((o) => o.operationId),
    )
    expect(operations.sort()).toEqual(Object.keys(routes).sort())
    expect(doc.openapi).toBe('3.1.0')
  })

  it('turns :params into {params} with path parameters, and keeps query and body schemas', () => {
    const latest = doc.paths['/api/v1/reports/{projectId}/full']?.get
    expect(latest?.parameters).toContainEqual(expect.objectContaining({ name: 'projectId', in: 'path' }))
    expect(latest?.parameters).toContainEqual(expect.objectContaining({ name: 'branch', in: 'query' }))
    expect(doc.paths['/api/v1/credentials/login']?.post?.requestBody).toBeDefined()
  })

  it("documents the headers a route reads besides Authorization (a public project's upload key)", () => {
    for (const path of ['/api/v1/uploads/{projectId}/sbom-cdx.json', '/api/v1/uploads/{projectId}/manifests'])
      expect(doc.paths[path]?.post?.parameters).toContainEqual(
        expect.objectContaining({ name: 'X-Upload-Key', in: 'header' }),
      )
  })
})
