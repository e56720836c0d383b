// One tag: its name (renamed in place), the projects it marks (replaced as a whole) and delete
// (POST and DELETE /api/v1/accounts/me/tags/{id}); both are Administrator rights (§6).
import { Badge, Group, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core'
import type { Tag } from '@sextant/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ACCOUNT_QUERY_KEY, failureMessage, tagApi } from '../../shared/account/account-api'
import { GuardedButton } from '../../shared/account/guarded-button'
import { useAlerts } from '../../ui/alerts/use-alerts'
import type { ProjectOption } from './tags-page'

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x))

export function TagCard({
  tag,
  projects,
  mayEdit,
  mayDelete,
}: {
  tag: Tag
  projects: ProjectOption[]
  mayEdit: boolean
  mayDelete: boolean
}) {
  const queryClient = useQueryClient()
  const { showAlert } = useAlerts()
  const [name, setName] = useState(tag.name)
  const [chosen, setChosen] = useState<string[]>(tag.projects)
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'tags'] })
  const fail = (error: unknown) => showAlert('error', failureMessage(error))
  const save = useMutation({
    mutationFn: () =>
      tagApi.updateTag(tag.id, {
        ...(name.trim() !== tag.name ? { name: name.trim() } : {}),
        ...(sameSet(chosen, tag.projects) ? {} : { projects: chosen }),
      }),
    onSuccess: async (saved) => {
      showAlert('success', `Tag ${saved.name} was saved.`)
      await refresh()
    },
    onError: fail,
  })
  const remove = useMutation({
    mutationFn: () => tagApi.deleteTag(tag.id),
    onSuccess: async (removed) => {
      showAlert('success', `Tag ${removed.name} was deleted.`)
      await refresh()
    },
    onError: fail,
  })
  const changed = name.trim() !== tag.name || !sameSet(chosen, tag.projects)
  // Projects of the tag that the list does not hold (e.g. still loading) keep their uuid as label.
  const known = new Set(projects.map((p) => p.value))
  const data = [
    ...projects,
    ...tag.projects.filter((p) => !known.has(p)).map((p) => ({ value: p, label: p })),
  ]

  return (
    <Paper withBorder radius="md" p="md" data-testid="tag-card" data-tag={tag.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={8}>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {tag.name}
            </Badge>
            <Text size="sm" c="dimmed">
              {tag.projects.length === 0
                ? 'No projects'
                : `${tag.projects.length} ${tag.projects.length === 1 ? 'project' : 'projects'}`}
            </Text>
          </Group>
          <GuardedButton
            allowed={mayDelete}
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            testId="tag-delete"
          >
            Delete tag
          </GuardedButton>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            aria-label={`Name of tag ${tag.name}`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={!mayEdit}
            size="xs"
            style={{ flex: 1, minWidth: 160 }}
            data-testid="tag-rename"
          />
          <MultiSelect
            label="Projects"
            aria-label={`Projects of tag ${tag.name}`}
            placeholder={mayEdit ? 'Choose projects' : undefined}
            data={data}
            value={chosen}
            onChange={setChosen}
            searchable
            disabled={!mayEdit}
            size="xs"
            style={{ flex: 2, minWidth: 240 }}
            data-testid="tag-card-projects"
          />
          <GuardedButton
            allowed={mayEdit}
            size="xs"
            variant="default"
            loading={save.isPending}
            disabled={mayEdit && (!changed || !name.trim())}
            onClick={() => save.mutate()}
            testId="tag-save"
          >
            Save
          </GuardedButton>
        </Group>
      </Stack>
    </Paper>
  )
}
