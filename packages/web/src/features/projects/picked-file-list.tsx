// The files chosen in "Add project", each with its size and a remove button, and what will be sent
// (an SBOM or manifests) or why it cannot be (upload-plan).
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core'
import type { PickedFile, UploadPlan } from './upload-plan'

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

interface Props {
  files: PickedFile[]
  plan: UploadPlan
  onRemove: (index: number) => void
}

export function PickedFileList({ files, plan, onRemove }: Props) {
  if (files.length === 0) return null
  return (
    <Stack gap={6} data-testid="picked-files">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {files.length} file{files.length === 1 ? '' : 's'}
        </Text>
        {plan.kind === 'sbom' ? (
          <Badge variant="light" size="sm">
            CycloneDX SBOM
          </Badge>
        ) : plan.kind === 'manifests' ? (
          <Badge variant="light" color="gray" size="sm">
            Manifests and lockfiles
          </Badge>
        ) : null}
      </Group>
      {files.map((file, index) => (
        <Group key={file.path} justify="space-between" wrap="nowrap" gap="xs" data-testid="picked-file">
          <Text size="sm" ff="monospace" truncate>
            {file.path}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {size(file.size)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => onRemove(index)}
              aria-label={`Remove ${file.path}`}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  )
}
