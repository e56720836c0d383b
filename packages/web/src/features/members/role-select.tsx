// A select of the six roles of accounts-and-api §6 (Administrator, Collaborator, Viewer and the team
// variants), labelled for people; roles above the signed-in member's own are shown but not choosable.
import { Select, type SelectProps } from '@mantine/core'
import { type Role, roleSchema } from '@sextant/contract'
import { mayGrantRole, roleLabels } from '../../shared/account/rights'
import { useSession } from '../../shared/session/use-session'

type RoleSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: Role
  onChange: (role: Role) => void
}

export function RoleSelect({ value, onChange, ...props }: RoleSelectProps) {
  const { user } = useSession()
  const data = roleSchema.options.map((role) => ({
    value: role,
    label: roleLabels[role],
    disabled: !user || !mayGrantRole(user.membership.role, user.sysadmin, role),
  }))
  return (
    <Select
      {...props}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const parsed = roleSchema.safeParse(next)
        if (parsed.success) onChange(parsed.data)
      }}
    />
  )
}
