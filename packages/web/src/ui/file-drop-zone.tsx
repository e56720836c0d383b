// A file drop area with a file picker behind it: drag-and-drop or click / Enter / Space to choose
// files. Generic: the caller gets the File objects and says what the area is for.
import { Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { type DragEvent, type ReactNode, useRef, useState } from 'react'

interface FileDropZoneProps {
  label: string
  hint?: ReactNode
  multiple?: boolean
  disabled?: boolean
  onFiles: (files: File[]) => void
  testId?: string
}

export function FileDropZone({ label, hint, multiple = true, disabled, onFiles, testId }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const accept = (list: FileList | null) => {
    const files = list ? Array.from(list) : []
    if (files.length > 0) onFiles(files)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!disabled) accept(event.dataTransfer.files)
  }
  return (
    <>
      <UnstyledButton
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        disabled={disabled}
        w="100%"
        data-testid={testId}
        data-over={over}
      >
        <Paper
          radius="md"
          p="xl"
          bg={over ? 'sextant.0' : 'gray.0'}
          style={{
            border: `2px dashed var(--mantine-color-${over ? 'sextant-6' : 'gray-4'})`,
            transition: 'background-color 120ms, border-color 120ms',
          }}
        >
          <Stack gap={4} align="center">
            <Text fw={600} size="sm" ta="center">
              {label}
            </Text>
            {hint ? (
              <Text size="xs" c="dimmed" ta="center">
                {hint}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          accept(event.currentTarget.files)
          event.currentTarget.value = ''
        }}
      />
    </>
  )
}
