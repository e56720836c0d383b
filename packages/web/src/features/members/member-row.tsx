// One member of the account: name, e-mail, role (changeable by roles that may edit members) and
// removal (roles that may delete members); otherwise disabled with the spec's tooltip (§6). An invitation
// not accepted yet is marked "Invited" (it grants nothing until then; removing it cancels it).
import { Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core'
import type { Member, Role } from '@sextant/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { NOT_AUTHORIZED, roleLabels } from '../../shared/account/rights'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { RoleSelect } from './role-select'

interface MemberRowProps {
  accountId: string
  member: Member
  self: boolean
  mayEdit: boolean
  mayDelete: boolean
}

export function MemberRow({ accountId, member, self, mayEdit, mayDelete }: MemberRowProps) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const done = (message: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'members'] })
    showAlert('success', message)
  }
  const change = useMutation({
    mutationFn: (role: Role) => accountApi.updateMember(accountId, member.uuid, { role }),
    onSuccess: (updated) => done(`${updated.name} is now ${roleLabels[updated.role]}.`)(),
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const remove = useMutation({
    mutationFn: () => accountApi.removeMember(accountId, member.uuid),
    onSuccess: done(
      member.status === 'invited'
        ? `The invitation of ${member.name} was cancelled.`
        : `${member.name} was removed from the account.`,
    ),
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const role = (
    <RoleSelect
      aria-label={`Role of ${member.email}`}
      value={member.role}
      onChange={(r) => change.mutate(r)}
      disabled={!mayEdit || change.isPending}
      size="xs"
      data-testid="member-role"
    />
  )

  return (
    <Group
      data-testid="member-row"
      data-email={member.email}
      data-status={member.status}
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Box style={{ flex: 1, minWidth: 200 }}>
        <Stack gap={0}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {member.name}
            </Text>
            {self ? (
              <Text size="xs" c="dimmed">
                (you)
              </Text>
            ) : null}
            {member.status === 'invited' ? (
              <Badge size="xs" variant="light" color="gray" data-testid="member-invited">
                Invited
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {member.email}
          </Text>
        </Stack>
      </Box>
      <Group gap="sm" wrap="nowrap">
        <Box w={200}>
          {mayEdit ? (
            role
          ) : (
            <Tooltip label={NOT_AUTHORIZED}>
              <div>{role}</div>
            </Tooltip>
          )}
        </Box>
        <Box w={80} ta="right">
          {self ? null : (
            <GuardedButton
              allowed={mayDelete}
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              testId="member-remove"
            >
              Remove
            </GuardedButton>
          )}
        </Box>
      </Group>
    </Group>
  )
}
