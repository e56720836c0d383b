// Which licence dialog is open, for which component (report-page §2 Dialogs "License fix dialog",
// "Copyright edit dialog"; §6: licence actions need the licenses feature and a caller who may act on the
// latest report of a writable project; enabled for account admins). A confirmed fix can recompute the report at once.

import { type ReactNode, useCallback, useState } from 'react'
import { useExclusionMutations } from '../../shared/exclusions/use-exclusions'
import type { LicensingResult, LicensingRow } from '../../shared/report/licensing-model'
import { useReportContext } from '../../shared/report/report-context'
import { CopyrightDialog } from './copyright-dialog'
import { LicenceActions } from './licence-actions'
import { LicenceFixDialog } from './licence-fix-dialog'

type Editing = { kind: 'licence' | 'copyright'; result: LicensingResult } | null

export function useLicenceEditing() {
  const { access } = useReportContext()
  const [open, setOpen] = useState<Editing>(null)
  const actionsFor = useCallback(
    (row: LicensingRow): ReactNode =>
      access.canAct && access.hasLicensesFeature ? (
        <LicenceActions
          allowed={access.accountAdmin}
          onEditLicence={() => setOpen({ kind: 'licence', result: row.result })}
          onEditCopyright={() => setOpen({ kind: 'copyright', result: row.result })}
        />
      ) : null,
    [access.canAct, access.hasLicensesFeature, access.accountAdmin],
  )
  return { open, close: () => setOpen(null), actionsFor }
}

export function LicenceEditing({ state }: { state: ReturnType<typeof useLicenceEditing> }) {
  const { project, branch, creatorUuid } = useReportContext()
  const { recompute } = useExclusionMutations(project.uuid, branch, creatorUuid)
  if (!state.open) return null
  if (state.open.kind === 'copyright')
    return <CopyrightDialog result={state.open.result} onClose={state.close} />
  return (
    <LicenceFixDialog
      result={state.open.result}
      onClose={state.close}
      onRecompute={() => recompute.mutate()}
    />
  )
}
