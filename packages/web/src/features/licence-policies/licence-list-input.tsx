// A list of SPDX licence ids picked with the licence search (2+ characters, report-page §5), each shown
// as a badge with a remove control.
import { Badge, Button, CloseButton, Group, Input, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { LicenceSearchSelect } from '../../shared/licences/licence-search-select'

interface LicenceListInputProps {
  value: string[]
  onChange: (next: string[]) => void
  error?: string | undefined
}

export function LicenceListInput({ value, onChange, error }: LicenceListInputProps) {
  const [selected, setSelected] = useState<string | null>(null)
  const add = () => {
    if (selected && !value.includes(selected)) onChange([...value, selected])
    setSelected(null)
  }
  return (
    <Input.Wrapper label="SPDX licences" error={error} data-testid="policy-licences">
      <Stack gap={6} mt={4}>
        <Group gap={6}>
          {value.length === 0 ? (
            <Text size="sm" c="dimmed">
              No licence listed yet.
            </Text>
          ) : null}
          {value.map((id) => (
            <Badge
              key={id}
              tt="none"
              variant="light"
              size="lg"
              data-testid="policy-licence-badge"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${id}`}
                  onClick={() => onChange(value.filter((x) => x !== id))}
                />
              }
            >
              {id}
            </Badge>
          ))}
        </Group>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <LicenceSearchSelect value={selected} onChange={setSelected} testId="policy-licence-search" />
          </div>
          <Button variant="default" onClick={add} disabled={!selected} data-testid="policy-licence-add">
            Add
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  )
}
