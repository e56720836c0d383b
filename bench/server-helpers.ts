// What the benches that run a whole Sextant process share: waiting for the first advisory sync, and a
// scratch database on the external PostgreSQL (TEST_DATABASE_URL) that is dropped afterwards.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** Polls the public advisory statistics until the npm ecosystem shows (the start's sync has run). */
export async function waitForAdvisorySync(base: string): Promise<void> {
  for (
    let i = 0;
    !(await (await fetch(`${base}/api/v1/stats/advisories-dbs`)).text()).includes('"npm"');
    i++
  ) {
    if (i > 600) throw new Error('the advisory sync did not finish')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Runs `use` with the URL of a new database on the external PostgreSQL, dropped when it ends. */
export async function withScratchDatabase<T>(prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
    const u = new URL(base)
    u.pathname = `/${name}`
    return await use(u.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
    await admin.end().catch(() => {})
  }
}
