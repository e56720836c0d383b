// Account tag routes (spec accounts-and-api §7 "Tags"; §6 area "tags": Administrators everything, team
// administrators read and create, others read). Tags belong to the caller's account ('me'); a tag's
// `projects` must be projects of that account. Licence policies bound to a tag apply to its projects
// from the next analysis or recompute (jobs/analyse.job.ts reads projectTagNames).
import { randomUUID } from 'node:crypto'
import { routes, type Tag, tagMessages } from '@sextant/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db, DbClient } from '../../db/connection'
import { HttpError } from '../../http/errors'
import { bindRoute } from '../../http/route'
import { ownView } from '../../services/projects.access'
import {
  deleteTag,
  findTag,
  findTagByName,
  foreignProjects,
  insertTag,
  inTagWrite,
  listTags,
  renameTag,
  type StoredTag,
  setTagProjects,
} from './tags.repo'

const callerAccount = (request: FastifyRequest) => request.principal.account.uuid

function presentTag(t: StoredTag): Tag {
  return {
    id: t.uuid,
    name: t.name,
    projects: t.projects,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }
}

/**
 * 409 when another tag of the account already has the name; 400 for projects of another account or that
 * the caller may not see (services/projects.access.ts), named like projects that do not exist.
 */
async function checkTag(
  db: DbClient,
  request: FastifyRequest,
  self: string | null,
  change: { name?: string | undefined; projects?: readonly string[] | undefined },
): Promise<void> {
  const account = callerAccount(request)
  if (change.name !== undefined) {
    const holder = await findTagByName(db, account, change.name)
    if (holder && holder !== self) throw new HttpError(409, tagMessages.nameTaken(change.name))
  }
  if (change.projects) {
    const foreign = await foreignProjects(db, ownView(request.principal), change.projects)
    if (foreign.length > 0) throw new HttpError(400, tagMessages.unknownProjects(foreign))
  }
}

/** Runs a tag write; a concurrent write of the same name answers 409 as the check would have. */
async function writing(db: Db, name: string | undefined, work: (client: DbClient) => Promise<StoredTag>) {
  const written = await inTagWrite(db, work)
  if (written !== 'name-taken') return presentTag(written)
  if (name) throw new HttpError(409, tagMessages.nameTaken(name))
  throw new Error('a tag write without a name broke a unique index')
}

export function tagRoutes(app: FastifyInstance, db: Db): void {
  bindRoute(app, routes.tagList, async ({ request }) =>
    (await listTags(db, callerAccount(request))).map(presentTag),
  )

  bindRoute(app, routes.tagCreate, async ({ body, request }) => {
    const account = callerAccount(request)
    return writing(db, body.name, async (client) => {
      await checkTag(client, request, null, body)
      const uuid = randomUUID()
      await insertTag(client, account, uuid, body.name)
      if (body.projects) await setTagProjects(client, uuid, body.projects)
      return (await findTag(client, account, uuid))!
    })
  })

  bindRoute(app, routes.tagUpdate, async ({ params, body, request }) => {
    const account = callerAccount(request)
    return writing(db, body.name, async (client) => {
      const tag = await findTag(client, account, params.id)
      if (!tag) throw new HttpError(404, tagMessages.notFound(params.id))
      await checkTag(client, request, tag.uuid, body)
      if (body.name !== undefined && body.name !== tag.name) await renameTag(client, tag.uuid, body.name)
      if (body.projects) await setTagProjects(client, tag.uuid, body.projects)
      return (await findTag(client, account, tag.uuid))!
    })
  })

  bindRoute(app, routes.tagDelete, async ({ params, request }) => {
    const account = callerAccount(request)
    const tag = await findTag(db, account, params.id)
    if (!tag) throw new HttpError(404, tagMessages.notFound(params.id))
    await deleteTag(db, account, tag.uuid)
    return presentTag(tag)
  })
}
