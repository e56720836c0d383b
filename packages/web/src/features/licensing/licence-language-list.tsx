// One language of the licensing list (report-page §2 Licensing, §9 "Licence list page"): the first 500
// rows, 'See more' adds 500 and 'See all' shows everything, each after a 500 ms spinner; virtualised. A
// render of more than 1,000 rows starts trimmed to 1,000 and gets the full set 1 s later (§2, §9).
import { Button, Group, Loader, Text } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import {
  INITIAL_RENDER_LIMIT,
  LICENCE_PAGE_SIZE,
  type LicensingRow,
  PAGE_SPINNER_MS,
  RESTORE_FULL_SET_MS,
  shouldBlur,
} from '../../shared/report/licensing-model'
import { languageLabel } from '../../shared/report/report-summary'
import { WindowVirtualList } from '../../ui/window-virtual-list'
import { LicenceRow } from './licence-row'

export function LicenceLanguageList({
  language,
  rows,
  blur,
  actionsFor,
}: {
  language: string
  rows: LicensingRow[]
  blur: boolean
  actionsFor?: (row: LicensingRow) => ReactNode
}) {
  const [shown, setShown] = useState(LICENCE_PAGE_SIZE)
  const [loading, setLoading] = useState(false)
  const grow = (next: number) => {
    setLoading(true)
    setTimeout(() => {
      setShown(Math.min(next, INITIAL_RENDER_LIMIT))
      setLoading(false)
      if (next > INITIAL_RENDER_LIMIT) setTimeout(() => setShown(next), RESTORE_FULL_SET_MS)
    }, PAGE_SPINNER_MS)
  }
  const visible = rows.slice(0, shown)
  return (
    <div data-testid={`licences-${language}`}>
      <Text size="sm" fw={700} mt="sm" mb={4}>
        {languageLabel(language)} · {rows.length.toLocaleString('en-US')}
      </Text>
      <WindowVirtualList
        items={visible}
        estimateSize={45}
        getKey={(row) => row.key}
        renderItem={(row, index) => (
          <LicenceRow
            row={row}
            blurred={blur && shouldBlur(index, rows.length)}
            actions={actionsFor?.(row)}
          />
        )}
      />
      {rows.length > shown ? (
        <Group gap="xs" mt="xs">
          {loading ? <Loader size="xs" aria-label="Loading more" /> : null}
          <Button
            size="xs"
            variant="default"
            disabled={loading}
            onClick={() => grow(shown + LICENCE_PAGE_SIZE)}
            data-testid="licences-see-more"
          >
            See more
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={loading}
            onClick={() => grow(rows.length)}
            data-testid="licences-see-all"
          >
            See all
          </Button>
          <Text size="xs" c="dimmed">
            {shown.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} shown
          </Text>
        </Group>
      ) : null}
    </div>
  )
}
