// The licence actions of one component (report-page §6 "Licence actions need the licence feature,
// report not read-only, latest. Edit license and Edit copyright are for account admins only"): shown
// when the caller may act on this report, disabled with the §6 tooltip for members who are not admins.
import { Group } from '@mantine/core'
import { GuardedButton } from '../../shared/account/guarded-button'

interface LicenceActionsProps {
  allowed: boolean
  onEditLicence: () => void
  onEditCopyright: () => void
}

export function LicenceActions({ allowed, onEditLicence, onEditCopyright }: LicenceActionsProps) {
  return (
    // ml: enabled subtle buttons have no fill, so pull them left by their padding to line their labels up
    // with the component name; disabled ones are filled, so their box edge lines up instead.
    <Group gap={4} wrap="nowrap" ml={allowed ? -7 : 0}>
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
