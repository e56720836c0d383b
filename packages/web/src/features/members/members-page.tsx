// /account/members: the account's members with their roles (accounts-and-api §7 Members): invite with
// name, e-mail and role (Viewer unless chosen), change a role, remove. Actions the caller's role may
// not perform are disabled with the spec's tooltip (§6).
import { Group, Stack, Text } from '@mantine/core'
import type { Role } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { ACCOUNT_QUERY_KEY, accountApi } from '../../shared/account/account-api'
import { mayGrantRole } from '../../shared/account/rights'
import { useRights } from '../../shared/account/use-rights'
import { useSession } from '../../shared/session/use-session'
import { SectionCard } from '../../ui/section-card'
import { InviteMemberForm } from './invite-member-form'
import { MemberRow } from './member-row'

export const MEMBERS_KEY = [...ACCOUNT_QUERY_KEY, 'members'] as const

export function MembersPage() {
  const { user } = useSession()
  const may = useRights()
  const accountId = user?.account.uuid ?? ''
  const members = useQuery({
    queryKey: [...MEMBERS_KEY, accountId],
    queryFn: () => accountApi.members(accountId),
    enabled: !!accountId,
  })
  const list = members.data ?? []
  // Members above the caller's own role are not theirs to change (issue 13 item 8).
  const mayManage = (role: Role) => !!user && mayGrantRole(user.membership.role, user.sysadmin, role)

  return (
    <Stack gap="lg">
      <SectionCard
        title="Invite a member"
        subtitle="They get an e-mail with a link to accept; until then they hold no rights"
        testId="invite-card"
      >
        <InviteMemberForm accountId={accountId} allowed={may('members', 'create')} />
      </SectionCard>
      <SectionCard
        title="Members"
        subtitle="Who may see and change this account's projects"
        aside={
          <Text size="sm" c="dimmed">
            {list.length} {list.length === 1 ? 'member' : 'members'}
          </Text>
        }
        testId="members-card"
      >
        <div data-testid="members-table">
          {list.map((member) => (
            <MemberRow
              key={member.uuid}
              accountId={accountId}
              member={member}
              self={member.email === user?.email}
              mayEdit={may('members', 'edit') && mayManage(member.role)}
              mayDelete={may('members', 'delete') && mayManage(member.role)}
            />
          ))}
        </div>
        {members.isSuccess && list.length === 0 ? (
          <Group justify="center" py="md">
            <Text size="sm" c="dimmed">
              No members to show.
            </Text>
          </Group>
        ) : null}
      </SectionCard>
    </Stack>
  )
}
