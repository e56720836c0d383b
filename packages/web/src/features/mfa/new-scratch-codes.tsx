// The scratch codes just created: shown this once (the server keeps only their hashes), with a copy
// button; closing hides them for good.
import { Alert, Button, CopyButton, Group, SimpleGrid, Text } from '@mantine/core'

export function NewScratchCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Save these codes now: they are not shown again"
      data-testid="scratch-new"
    >
      <SimpleGrid cols={2} spacing={4} my="xs">
        {codes.map((code) => (
          <Text key={code} ff="monospace" size="sm" fw={600} data-testid="scratch-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy all'}
            </Button>
          )}
        </CopyButton>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onClose} data-testid="scratch-done">
          I have saved them
        </Button>
      </Group>
    </Alert>
  )
}
