// Creates a team (POST /api/v1/teams with name, description, active).
import { Group, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useMutationForm } from '../../lib/use-mutation-form'
import { ACCOUNT_QUERY_KEY, accountApi, failureMessage } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { useAlerts } from '../../ui/alerts/use-alerts'

export function TeamCreateForm({ allowed }: { allowed: boolean }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const { busy, run } = useMutationForm({
    describe: failureMessage,
    onError: (message) => showAlert('error', message),
  })

  async function create(event: FormEvent) {
    event.preventDefault()
    if (!allowed) return
    await run(async () => {
      const team = await accountApi.createTeam({
        name: name.trim(),
        description: description.trim(),
        active: true,
      })
      showAlert('success', `Team ${team.name} was created.`)
      setName('')
      setDescription('')
      await queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'teams'] })
    })
  }

  return (
    <form onSubmit={create} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={!allowed}
          style={{ flex: 1, minWidth: 180 }}
          data-testid="team-name"
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={!allowed}
          style={{ flex: 2, minWidth: 220 }}
          data-testid="team-description"
        />
        <GuardedButton
          allowed={allowed}
          type="submit"
          loading={busy}
          disabled={allowed && !name.trim()}
          testId="team-create"
        >
          Create team
        </GuardedButton>
      </Group>
    </form>
  )
}
