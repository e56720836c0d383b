// One team: its name, description and members (GET /api/v1/teams/{id}/members); members are added by
// e-mail and removed by roles that may edit teams; the team is deleted by roles that may delete teams.
import { Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import type { Team } from '@sextant/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { useAlerts } from '../../ui/alerts/use-alerts'

export function TeamCard({ team, mayEdit, mayDelete }: { team: Team; mayEdit: boolean; mayDelete: boolean }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [email, setEmail] = useState('')
  const key = [...ACCOUNT_QUERY_KEY, 'team-members', team.uuid]
  const members = useQuery({ queryKey: key, queryFn: () => accountApi.teamMembers(team.uuid) })
  const fail = (error: unknown) => showAlert('error', failureMessage(error))
  const refresh = () => queryClient.invalidateQueries({ queryKey: key })
  const add = useMutation({
    mutationFn: () => accountApi.addTeamMember(team.uuid, { membership: { email: email.trim() } }),
    onSuccess: async () => {
      setEmail('')
      await refresh()
    },
    onError: fail,
  })
  const removeMember = useMutation({
    mutationFn: (id: string) => accountApi.removeTeamMember(team.uuid, id),
    onSuccess: refresh,
    onError: fail,
  })
  const remove = useMutation({
    mutationFn: () => accountApi.deleteTeam(team.uuid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'teams'] }),
    onError: fail,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mayEdit && email.trim()) add.mutate()
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="team-card" data-team={team.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Group gap={8}>
              <Text fw={650}>{team.name}</Text>
              {team.everyone ? (
                <Badge size="sm" variant="light" color="gray">
                  Everyone
                </Badge>
              ) : null}
              {team.active ? null : (
                <Badge size="sm" variant="light" color="yellow">
                  Inactive
                </Badge>
              )}
            </Group>
            {team.description ? (
              <Text size="sm" c="dimmed">
                {team.description}
              </Text>
            ) : null}
          </div>
          {team.everyone ? null : (
            <GuardedButton
              allowed={mayDelete}
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              testId="team-delete"
            >
              Delete team
            </GuardedButton>
          )}
        </Group>
        <Stack gap={6} data-testid="team-members">
          {(members.data ?? []).map((m) => (
            <Group
              key={m.uuid}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={4}
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Text size="sm" truncate>
                {m.name}{' '}
                <Text span size="xs" c="dimmed">
                  {m.email}
                </Text>
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Badge size="sm" variant="light">
                  {m.role}
                </Badge>
                {team.everyone ? null : (
                  <GuardedButton
                    allowed={mayEdit}
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => removeMember.mutate(m.uuid)}
                  >
                    Remove
                  </GuardedButton>
                )}
              </Group>
            </Group>
          ))}
          {members.isSuccess && members.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No members yet.
            </Text>
          ) : null}
        </Stack>
        {team.everyone ? null : (
          <form onSubmit={submit} noValidate>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                placeholder="member@example.com"
                aria-label={`Add a member to ${team.name}`}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                disabled={!mayEdit}
                size="xs"
                style={{ flex: 1, minWidth: 200 }}
              />
              <GuardedButton
                allowed={mayEdit}
                type="submit"
                size="xs"
                variant="default"
                loading={add.isPending}
                disabled={mayEdit && !email.trim()}
              >
                Add to team
              </GuardedButton>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  )
}
