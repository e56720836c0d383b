// Invites a member (POST /api/v1/accounts/{id}/members with name, e-mail, role): the server mails the
// address a link to accept (issue 13 items 6, 7); the member is listed as invited until then. The role is
// Viewer unless another is chosen (§5).
import { Group, Stack, Text, TextInput } from '@mantine/core'
import type { Role } from '@sextant/contract'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useMutationForm } from '../../lib/use-mutation-form'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { defaultNewRole } from '../../shared/account/rights'
import { useSession } from '../../shared/session/use-session'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { RoleSelect } from './role-select'

export function InviteMemberForm({ accountId, allowed }: { accountId: string; allowed: boolean }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const { user } = useSession()
  // Viewer unless chosen (§5); team roles give team roles only (issue 13 item 8).
  const initialRole = user ? defaultNewRole(user.membership.role, user.sysadmin) : 'Viewer'
  const [role, setRole] = useState<Role>(initialRole)
  const { busy, run } = useMutationForm({
    describe: failureMessage,
    onError: (message) => showAlert('error', message),
  })

  async function invite(event: FormEvent) {
    event.preventDefault()
    if (!allowed) return
    await run(async () => {
      const member = await accountApi.addMember(accountId, name.trim(), email.trim(), role)
      showAlert(
        'success',
        `${member.name} was invited as ${member.role}: they join when they accept the e-mailed link.`,
      )
      setName('')
      setEmail('')
      setRole(initialRole)
      await queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'members'] })
    })
  }

  const form = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        disabled={!allowed}
        style={{ flex: 1, minWidth: 160 }}
        data-testid="invite-name"
      />
      <TextInput
        label="E-mail"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        disabled={!allowed}
        style={{ flex: 1.4, minWidth: 200 }}
        data-testid="invite-email"
      />
      <RoleSelect
        label="Role"
        value={role}
        onChange={setRole}
        disabled={!allowed}
        w={200}
        data-testid="invite-role"
      />
      <GuardedButton
        allowed={allowed}
        type="submit"
        loading={busy}
        disabled={allowed && (!name.trim() || !email.trim())}
        testId="invite-submit"
      >
        Invite
      </GuardedButton>
    </Group>
  )
  return (
    <form onSubmit={invite} noValidate>
      <Stack gap="xs">
        {allowed ? null : (
          <Text size="sm" c="dimmed" data-testid="invite-not-allowed">
            Only Administrators and team administrators invite members.
          </Text>
        )}
        {form}
      </Stack>
    </form>
  )
}
