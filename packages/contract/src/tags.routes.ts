// Account tags (spec accounts-and-api §3 "Tags (account level): id"; §6 area "tags"; §7 "Tags: GET and
// POST /api/v1/accounts/me/tags; POST and DELETE /api/v1/accounts/me/tags/{id}"). The spec shows no
// project-tagging call, so a tag carries the projects it marks: `projects` (project uuids of the
// caller's account) is sent on create or change and answered on every read. Licence policies bound to a
// tag (…/policies/licenses `tags`, matched case-insensitively by name) apply to those projects from the
// next analysis or recompute.
import { z } from 'zod'
import type { RouteDef } from './routes'

export const tagMessages = {
  name: 'A tag name is 1 to 64 characters (letters, digits, spaces and - _ . : / +).',
  nameTaken: (name: string) => `The account already has a tag named '${name}'.`,
  noChange: 'Send a new name or the projects of the tag.',
  unknownProjects: (ids: readonly string[]) => `These projects are not in this account: ${ids.join(', ')}.`,
  notFound: (id: string) => `There is no tag ${id} in this account.`,
} as const

export const tagNameSchema = z
  .string({ message: tagMessages.name })
  .trim()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.:/+-]{0,63}$/u, tagMessages.name)

const projectIds = z
  .array(z.uuid('Each project is given by its uuid.'))
  .max(10_000, 'A tag marks at most 10000 projects.')

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The uuids of the account's projects that carry the tag. */
  projects: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Tag = z.infer<typeof tagSchema>

export const tagCreateBodySchema = z.object({ name: tagNameSchema, projects: projectIds.optional() })
/** A change sends a new name, the whole new project list, or both. */
export const tagUpdateBodySchema = z
  .object({ name: tagNameSchema.optional(), projects: projectIds.optional() })
  .refine((b) => b.name !== undefined || b.projects !== undefined, tagMessages.noChange)
export const tagParamsSchema = z.object({ id: z.string().min(1) })

export const tagRouteDefs = {
  tagList: {
    method: 'GET',
    path: '/api/v1/accounts/me/tags',
    access: 'member',
    summary: "The caller's account tags with the projects each marks, by name.",
    permission: { area: 'tags', action: 'read' },
    status: 200,
    response: z.array(tagSchema),
  },
  tagCreate: {
    method: 'POST',
    path: '/api/v1/accounts/me/tags',
    access: 'member',
    summary:
      'Add a tag {name, projects?: project uuids}; 409 when the name is taken (case-insensitively), 400 for projects of another account.',
    body: tagCreateBodySchema,
    permission: { area: 'tags', action: 'create' },
    status: 200,
    response: tagSchema,
  },
  tagUpdate: {
    method: 'POST',
    path: '/api/v1/accounts/me/tags/:id',
    access: 'member',
    summary:
      'Rename a tag and/or replace the projects it marks {name?, projects?}; tag-bound licence policies follow from the next report.',
    params: tagParamsSchema,
    body: tagUpdateBodySchema,
    permission: { area: 'tags', action: 'edit' },
    status: 200,
    response: tagSchema,
  },
  tagDelete: {
    method: 'DELETE',
    path: '/api/v1/accounts/me/tags/:id',
    access: 'member',
    summary: 'Remove a tag from the account and from its projects; answers the removed tag.',
    params: tagParamsSchema,
    permission: { area: 'tags', action: 'delete' },
    status: 200,
    response: tagSchema,
  },
} as const satisfies Record<string, RouteDef>
