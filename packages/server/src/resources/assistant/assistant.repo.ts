// Storage of assistant conversations (migration 014): a conversation is found only for the member who
// started it, in their account, so nobody else can read or continue it.
import type { Db } from '../../db/connection'

export type ConversationKind = 'summary' | 'vulnerability'
export type TurnRole = 'user' | 'assistant'

export interface ConversationOwner {
  accountUuid: string
  membershipUuid: string
}

export interface StoredConversation {
  uuid: string
  projectUuid: string
  reportUuid: string
  adviceId: string | null
  kind: ConversationKind
  turns: { role: TurnRole; content: string }[]
}

export async function insertConversation(
  db: Db,
  owner: ConversationOwner,
  c: {
    uuid: string
    projectUuid: string
    reportUuid: string
    adviceId: string | null
    kind: ConversationKind
  },
): Promise<void> {
  await db.query(
    `INSERT INTO assistant_conversations
       (uuid, account_uuid, membership_uuid, project_uuid, report_uuid, advice_id, kind)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.uuid, owner.accountUuid, owner.membershipUuid, c.projectUuid, c.reportUuid, c.adviceId, c.kind],
  )
}

/** Appends a turn at the next position of the conversation. */
export async function appendTurn(
  db: Db,
  conversationUuid: string,
  role: TurnRole,
  content: string,
): Promise<void> {
  await db.query(
    `INSERT INTO assistant_messages (conversation_uuid, position, role, content)
     SELECT $1, COALESCE(MAX(position), -1) + 1, $2, $3 FROM assistant_messages WHERE conversation_uuid = $1`,
    [conversationUuid, role, content],
  )
}

export async function findConversation(
  db: Db,
  owner: ConversationOwner,
  uuid: string,
): Promise<StoredConversation | null> {
  const { rows } = await db.query<{
    uuid: string
    project_uuid: string
    report_uuid: string
    advice_id: string | null
    kind: ConversationKind
  }>(
    `SELECT uuid, project_uuid, report_uuid, advice_id, kind FROM assistant_conversations
     WHERE uuid = $1 AND account_uuid = $2 AND membership_uuid = $3`,
    [uuid, owner.accountUuid, owner.membershipUuid],
  )
  const row = rows[0]
  if (!row) return null
  const turns = await db.query<{ role: TurnRole; content: string }>(
    'SELECT role, content FROM assistant_messages WHERE conversation_uuid = $1 ORDER BY position',
    [uuid],
  )
  return {
    uuid: row.uuid,
    projectUuid: row.project_uuid,
    reportUuid: row.report_uuid,
    adviceId: row.advice_id,
    kind: row.kind,
    turns: turns.rows,
  }
}
