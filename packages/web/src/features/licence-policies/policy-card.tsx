// One licence policy in the list: name, kind, template, the licences it lists and the projects it binds.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { LicencePolicyDto } from '@sextant/contract'
import { GuardedButton } from '../../shared/account/guarded-button'
import { bindingText, TEMPLATE_CHOICES } from './policy-form-model'

const SHOWN_LICENCES = 12

interface PolicyCardProps {
  policy: LicencePolicyDto
  mayEdit: boolean
  mayDelete: boolean
  onEdit: () => void
  onDelete: () => void
}

export function PolicyCard({ policy: p, mayEdit, mayDelete, onEdit, onDelete }: PolicyCardProps) {
  const template = TEMPLATE_CHOICES.find((t) => t.value === p.template)
  const ids = [...p.licences, ...p.customLicences]
  return (
    <Paper withBorder radius="md" p="md" data-testid="policy-card" data-policy={p.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Group gap={8}>
            <Text fw={700}>{p.name}</Text>
            <Badge color={p.kind === 'DENY' ? 'red' : 'teal'} variant="light">
              {p.kind}
            </Badge>
            {template ? (
              <Badge color="gray" variant="outline" tt="none">
                template: {template.label}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {template
              ? `${template.description} (${ids.length} licences)`
              : `${p.kind === 'DENY' ? 'Forbids' : 'Permits only'} ${ids.length} licence${ids.length === 1 ? '' : 's'}`}
          </Text>
          {template ? null : (
            <Group gap={4}>
              {ids.slice(0, SHOWN_LICENCES).map((id) => (
                <Badge key={id} size="sm" variant="default" tt="none">
                  {id}
                </Badge>
              ))}
              {ids.length > SHOWN_LICENCES ? (
                <Text size="xs" c="dimmed">
                  and {ids.length - SHOWN_LICENCES} more
                </Text>
              ) : null}
            </Group>
          )}
          <Text size="sm" data-testid="policy-binding">
            Applies to: {bindingText(p)}
          </Text>
        </Stack>
        <Group gap="xs">
          <GuardedButton allowed={mayEdit} size="xs" variant="default" onClick={onEdit} testId="policy-edit">
            Edit
          </GuardedButton>
          <GuardedButton
            allowed={mayDelete}
            size="xs"
            variant="light"
            color="red"
            onClick={onDelete}
            testId="policy-delete"
          >
            Delete
          </GuardedButton>
        </Group>
      </Group>
    </Paper>
  )
}
