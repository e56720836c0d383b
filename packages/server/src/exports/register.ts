// Registers the download routes and the badge routes (spec report-page §7) with the application.
import type { FastifyInstance } from 'fastify'
import { badgeRoutes } from '../badges/badges.routes'
import type { Db } from '../db/connection'
import type { PgBoss } from '../jobs/boss'
import { exportRoutes } from './exports.routes'

export function downloadAndBadgeRoutes(app: FastifyInstance, db: Db, boss: PgBoss): void {
  exportRoutes(app, db, boss)
  badgeRoutes(app, db)
}
