// /account/tags: the account's tags (accounts-and-api §7 "Tags"; §6 area "tags"): create, rename,
// choose the projects each marks, delete. Licence policies bound to a tag apply to its projects from the
// next report. Team administrators create tags; only Administrators change or delete them.
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { ACCOUNT_QUERY_KEY, tagApi } from '../../shared/account/account-api'
import { useAccountProjects } from '../../shared/account/use-account-projects'
import { useRights } from '../../shared/account/use-rights'
import { SectionCard } from '../../ui/section-card'
import { TagCard } from './tag-card'
import { TagCreateForm } from './tag-create-form'

export const TAGS_KEY = [...ACCOUNT_QUERY_KEY, 'tags'] as const

export interface ProjectOption {
  value: string
  label: string
}

export function TagsPage() {
  const may = useRights()
  const tags = useQuery({ queryKey: TAGS_KEY, queryFn: () => tagApi.tags() })
  const projects = useAccountProjects()
  const options: ProjectOption[] = (projects.data ?? []).map((p) => ({
    value: p.uuid,
    label: p.title || p.name,
  }))
  const list = tags.data ?? []
  return (
    <Stack gap="lg">
      <SectionCard
        title="Create a tag"
        subtitle="Tags group projects; licence policies bound to a tag apply to its projects from their next report"
        testId="tag-create-card"
      >
        <TagCreateForm allowed={may('tags', 'create')} projects={options} />
      </SectionCard>
      <SectionCard
        title="Tags"
        subtitle="Each tag with the projects it marks"
        aside={
          <Text size="sm" c="dimmed">
            {list.length} {list.length === 1 ? 'tag' : 'tags'}
          </Text>
        }
        testId="tags-card"
      >
        <Stack gap="sm" data-testid="tags-list">
          {list.map((tag) => (
            <TagCard
              key={tag.id}
              tag={tag}
              projects={options}
              mayEdit={may('tags', 'edit')}
              mayDelete={may('tags', 'delete')}
            />
          ))}
          {tags.isSuccess && list.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              No tags yet.
            </Text>
          ) : null}
          {tags.isError ? (
            <Text size="sm" c="red" ta="center" py="md">
              The tags could not be loaded: {tags.error.message}
            </Text>
          ) : null}
        </Stack>
      </SectionCard>
    </Stack>
  )
}
