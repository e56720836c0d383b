// Server roles as dependency-cruiser rules (issue 18 item 5; STYLE rules 5 and 9): SQL only in
// `*.repo.ts`, HttpError only in routes and the HTTP layer. The rules see imports; server-roles.test.ts
// adds the text checks the imports cannot show (`.query(` calls, `process.env` reads).
import type { IForbiddenRuleType } from 'dependency-cruiser'

const server = '^packages/server/src/'
/** Tests and test-support files (fixture servers, test databases) may do what product code may not. */
const testSupport = ['\\.test\\.ts$', '/src/testing/', '/test-[^/]+\\.ts$']

/**
 * Where the storage layer lives: repositories, `db/` (pool, migrations, locks, the embedded database),
 * the runtime that opens the pool, the package index that hands `openDatabase` to the CLI and the launch
 * entry that starts the embedded database before the rest of the server loads (launch.ts). Everything
 * else holds a `Db` only as a type and hands it to a repo; `db/transaction.ts` (a unit of work over repo
 * calls) may be used anywhere.
 */
export const storageLayer = ['\\.repo\\.ts$', `${server}db/`, `${server}(runtime|index|launch)\\.ts$`]

export const serverRoleRules: IForbiddenRuleType[] = [
  {
    name: 'server-sql-only-in-repos',
    comment:
      "SQL only in *.repo.ts (STYLE rule 9; issue 18 item 5): the driver and db/'s values (pool, migrations, isUniqueViolation) are the storage layer's; others import Db as a type and db/transaction.ts",
    severity: 'error',
    from: {
      path: server,
      pathNot: [...storageLayer, ...testSupport],
    },
    to: {
      path: [`${server}db/`, '(^|/)node_modules/(pg|pg-pool|@electric-sql/[^/]+)/'],
      // a unit of work (and `jobsIn`, a job queued in it), and the data folder's free space (a
      // file-system probe, no SQL)
      pathNot: [`${server}db/transaction\\.ts$`, `${server}db/disk-space\\.ts$`],
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'server-http-errors-only-in-routes',
    comment:
      'services return expected problems as values (STYLE rule 5; issue 18 item 5): only routes (*.routes.ts) and the HTTP layer (http/) turn them into HTTP errors',
    severity: 'error',
    from: {
      path: server,
      pathNot: ['\\.routes\\.ts$', `${server}http/`, ...testSupport],
    },
    // the error and its mapping from a Problem (orThrow): a service answers the Problem itself
    to: { path: `${server}http/(errors|problems)\\.ts$` },
  },
]
