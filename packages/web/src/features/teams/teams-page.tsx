// /account/teams: the account's teams (accounts-and-api §7 Members and teams): list, create, delete,
// and each team's members. Team create/delete are Administrator rights; team administrators may edit.
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ACCOUNT_QUERY_KEY, accountApi } from '../../shared/account/account-api'
import { useRights } from '../../shared/account/use-rights'
import { useSession } from '../../shared/session/use-session'
import { SectionCard } from '../../ui/section-card'
import { TeamCard } from './team-card'
import { TeamCreateForm } from './team-create-form'

export const TEAMS_KEY = [...ACCOUNT_QUERY_KEY, 'teams'] as const

export function TeamsPage() {
  const { user } = useSession()
  const may = useRights()
  const accountId = user?.account.uuid ?? ''
  const teams = useQuery({
    queryKey: [...TEAMS_KEY, accountId],
    queryFn: () => accountApi.teams(accountId),
    enabled: !!accountId,
  })
  const list = teams.data ?? []
  return (
    <Stack gap="lg">
      <SectionCard
        title="Create a team"
        subtitle="Teams group members and the projects they see"
        testId="team-create-card"
      >
        <TeamCreateForm allowed={may('teams', 'create')} />
      </SectionCard>
      {teams.isSuccess && list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          No teams yet.
        </Text>
      ) : null}
      {list.map((team) => (
        <TeamCard
          key={team.uuid}
          team={team}
          mayEdit={may('teams', 'edit')}
          mayDelete={may('teams', 'delete') && !team.everyone}
        />
      ))}
    </Stack>
  )
}
