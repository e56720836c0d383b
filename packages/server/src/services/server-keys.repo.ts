// The server's generated keys (DESIGN §7): the key sealing stored secrets when SEXTANT_SECRET_KEY is not
// set, made once by whichever process asks first (a concurrent insert loses quietly) and read back.
import type { Db } from '../db/connection'

export async function storedKey(db: Pick<Db, 'query'>, name: string, fresh: Buffer): Promise<Buffer> {
  await db.query('INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [name, fresh])
  const { rows } = await db.query<{ key: Buffer }>('SELECT key FROM server_keys WHERE name = $1', [name])
  return rows[0]!.key
}
