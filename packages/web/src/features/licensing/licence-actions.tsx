// The licence actions of one component (report-page §6 "Licence actions need the licence feature,
// report not read-only, latest. Edit license and Edit copyright are for account admins only"): shown
// when the caller may act on this report, disabled with the §6 tooltip for members who are not admins.
import { Group } from '@mantine/core'
import { GuardedButton } from '../account/guarded-button'

interface LicenceActionsProps {
  allowed: boolean
  onEditLicence: () => void
  onEditCopyright: () => void
}

export function LicenceActions({ allowed, onEditLicence, onEditCopyright }: LicenceActionsProps) {
  return (
    // ml: the subtle buttons' own padding, so their labels line up with the component name above.
    <Group gap={4} wrap="nowrap" ml={-7}>
      <GuardedButton
        allowed={allowed}
        size="compact-xs"
        variant="subtle"
        onClick={onEditLicence}
        testId="licence-edit-licence"
      >
        Edit license
      </GuardedButton>
      <GuardedButton
        allowed={allowed}
        size="compact-xs"
        variant="subtle"
        onClick={onEditCopyright}
        testId="licence-edit-copyright"
      >
        Edit copyright
      </GuardedButton>
    </Group>
  )
}
