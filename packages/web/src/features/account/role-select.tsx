// A select of the six roles of accounts-and-api §6 (Administrator, Collaborator, Viewer and the team
// variants), labelled for people.
import { Select, type SelectProps } from '@mantine/core'
import { type Role, roleSchema } from '@sextant/contract'
import { roleLabels } from './rights'

const data = roleSchema.options.map((role) => ({ value: role, label: roleLabels[role] }))

type RoleSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: Role
  onChange: (role: Role) => void
}

export function RoleSelect({ value, onChange, ...props }: RoleSelectProps) {
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
