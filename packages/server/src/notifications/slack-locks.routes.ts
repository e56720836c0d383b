// The Slack chat-channel locks over HTTP (issue 16; spec accounts-and-api §4 "Chat-channel locks: borrow,
// status, rental time", §7 "Notifications"; what a lock means: contract notification-locks.routes.ts).
// Always the caller's own account. A team role borrows or gives back only for a team it administers
// (as for every team write, http/auth.ts); the §6 permission itself is checked before the handler.
import { isTeamRole, routes, SLACK_LOCK_RENTAL_SECONDS, slackLockMessages } from '@sextant/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import type { Principal } from '../http/auth'
import { HttpError } from '../http/errors'
import { bindRoute } from '../http/route'
import { newUuid } from '../services/secrets'
import { administersTeam } from '../services/team-admins.repo'
import { listChannels, teamInAccount } from './channels.repo'
import { borrowLock, lockByTicket, lockOf, releaseLock } from './slack-locks.repo'

export function slackLockRoutes(app: FastifyInstance, db: Db): void {
  async function checkTeam(p: Principal, team: string, write: boolean) {
    if (!(await teamInAccount(db, p.account.uuid, team)))
      throw new HttpError(404, slackLockMessages.unknownTeam(team))
    if (
      write &&
      p.kind === 'member' &&
      !p.member.sysadmin &&
      isTeamRole(p.member.role) &&
      !(await administersTeam(db, team, p.member.membershipUuid))
    )
      throw new HttpError(403, slackLockMessages.notYourTeam)
  }

  bindRoute(app, routes.slackLockBorrow, async ({ request, query }) => {
    const p = request.principal
    const account = p.account.uuid
    await checkTeam(p, query.teamUuid, true)
    if (query.state === 'free') {
      if (!(await releaseLock(db, account, query.teamUuid)))
        throw new HttpError(409, slackLockMessages.notHolder)
      return lockOf(db, account, query.teamUuid)
    }
    const lock = await borrowLock(db, account, query.teamUuid, newUuid())
    if (lock) return lock
    const holder = await lockOf(db, account)
    throw new HttpError(
      409,
      slackLockMessages.held(holder.teamName ?? holder.teamUuid ?? '?', holder.expiresAt ?? '?'),
    )
  })
  bindRoute(app, routes.slackLockStatus, async ({ request, query }) => {
    if (query.team) await checkTeam(request.principal, query.team, false)
    return lockOf(db, request.principal.account.uuid, query.team ?? null)
  })
  bindRoute(app, routes.slackLockRentalTime, async () => ({ seconds: SLACK_LOCK_RENTAL_SECONDS }))
  bindRoute(app, routes.slackInfo, async ({ request, query }) => {
    const account = request.principal.account.uuid
    const lock = await lockByTicket(db, account, query.ticket)
    if (!lock) throw new HttpError(404, slackLockMessages.unknownTicket(query.ticket))
    const channels = (await listChannels(db, account, 'slack')).map((c) => ({
      uuid: c.uuid,
      name: c.name,
      channel: typeof c.settings.channel === 'string' ? c.settings.channel : null,
    }))
    return { ...lock, channels }
  })
}
