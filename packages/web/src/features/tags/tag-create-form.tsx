// Creates a tag (POST /api/v1/accounts/me/tags with name and the projects it marks).
import { Group, MultiSelect, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ACCOUNT_QUERY_KEY, failureMessage, tagApi } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { useAlerts } from '../../ui/alerts/use-alerts'
import type { ProjectOption } from './tags-page'

export function TagCreateForm({ allowed, projects }: { allowed: boolean; projects: ProjectOption[] }) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const create = useMutation({
    mutationFn: () => tagApi.createTag(name.trim(), chosen),
    onSuccess: async (tag) => {
      showAlert('success', `Tag ${tag.name} was created.`)
      setName('')
      setChosen([])
      await queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'tags'] })
    },
    onError: (error) => showAlert('error', failureMessage(error)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (allowed && name.trim()) create.mutate()
  }

  return (
    <form onSubmit={submit} noValidate>
      {allowed ? null : (
        <Text size="sm" c="dimmed" mb="xs" data-testid="tag-create-not-allowed">
          Only Administrators and team administrators create tags; only Administrators change them.
        </Text>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Name"
          placeholder="e.g. production"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={!allowed}
          style={{ flex: 1, minWidth: 180 }}
          data-testid="tag-name"
        />
        <MultiSelect
          label="Projects"
          placeholder={projects.length === 0 ? 'No projects yet' : 'Choose projects'}
          data={projects}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          disabled={!allowed || projects.length === 0}
          style={{ flex: 2, minWidth: 240 }}
          data-testid="tag-projects"
        />
        <GuardedButton
          allowed={allowed}
          type="submit"
          loading={create.isPending}
          disabled={allowed && !name.trim()}
          testId="tag-create"
        >
          Create tag
        </GuardedButton>
      </Group>
    </form>
  )
}
