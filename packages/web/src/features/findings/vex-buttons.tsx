// VEX beside the findings table (issue 19 "Exports auditors can use"): the analysed findings as OpenVEX
// (anyone who reads the report), and a CycloneDX VEX or OpenVEX import that sets the analyses of the
// findings it names (members who may act, report-page §6). The server checks both again.
import { Button, FileButton } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { saveText } from '../../lib/save-file'
import { sdk } from '../../lib/sdk'
import { useAlerts } from '../../ui/alerts/use-alerts'
import type { FindingsScope } from './use-findings'

/** The largest VEX file the page reads (the server's own limit may be lower). */
const MAX_VEX_BYTES = 20_000_000

export function VexButtons({ scope }: { scope: FindingsScope }) {
  const { project, branch, canAct } = scope
  const { showAlert } = useAlerts()
  const client = useQueryClient()
  const fail = (cause: unknown) => showAlert('error', cause instanceof Error ? cause.message : String(cause))
  const exportOpenVex = async () => {
    try {
      const doc = await sdk.call('triageOpenVex', { params: { projectId: project.uuid, branch } })
      saveText(
        `${project.name || 'project'}-${branch}.openvex.json`,
        JSON.stringify(doc, null, 2),
        'application/json',
      )
    } catch (cause) {
      fail(cause)
    }
  }
  const importVex = async (file: File | null) => {
    if (!file) return
    if (file.size > MAX_VEX_BYTES) return fail(`${file.name} is larger than 20 MB.`)
    try {
      const answer = await sdk.call('triageVexImport', {
        params: { projectId: project.uuid, branch },
        body: { document: await file.text() },
      })
      await Promise.all(
        ['findings', 'exclusions', 'recompute-state'].map((key) =>
          client.invalidateQueries({ queryKey: [key, project.uuid, branch] }),
        ),
      )
      showAlert(
        'success',
        `${file.name}: ${answer.matched} finding${answer.matched === 1 ? '' : 's'} analysed, ${answer.unmatched} statement${answer.unmatched === 1 ? '' : 's'} matched nothing. Recompute to update the scores.`,
      )
    } catch (cause) {
      fail(cause)
    }
  }
  return (
    <>
      <Button size="xs" variant="default" onClick={exportOpenVex} data-testid="findings-openvex">
        OpenVEX
      </Button>
      {canAct ? (
        <FileButton onChange={importVex} accept="application/json,.json">
          {(props) => (
            <Button size="xs" variant="default" {...props} data-testid="findings-vex-import">
              Import VEX…
            </Button>
          )}
        </FileButton>
      ) : null}
    </>
  )
}
