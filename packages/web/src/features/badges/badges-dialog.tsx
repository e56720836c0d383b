// The report page's Badges dialog (report-page §3 Badges): the badges panel of this report's branch,
// opened from the title row.
import { Button, Modal } from '@mantine/core'
import { useState } from 'react'
import { useReportContext } from '../../shared/report/report-context'
import { BadgesPanel } from './badges-panel'

export function BadgesButton() {
  const { project, branch, access } = useReportContext()
  const [opened, setOpened] = useState(false)
  if (!access.latest) return null
  return (
    <>
      <Button size="sm" variant="default" onClick={() => setOpened(true)} data-testid="badges-button">
        Badges
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Badges"
        size="xl"
        data-testid="badges-dialog"
      >
        {opened ? <BadgesPanel project={project} branch={branch} /> : null}
      </Modal>
    </>
  )
}
