// The optional team of a channel or rule (issue 16 "Notification rules per account and team"): none means
// the whole account. Hidden while the account has no team but "Everyone".
import { Select } from '@mantine/core'
import { useTeamChoices } from './notifications-api'

interface Props {
  accountId: string
  value: string
  onChange: (teamUuid: string) => void
  description: string
}

export function TeamSelect({ accountId, value, onChange, description }: Props) {
  const teams = useTeamChoices(accountId)
  if (teams.length === 0) return null
  return (
    <Select
      label="Team"
      description={description}
      placeholder="The whole account"
      data={teams}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      data-testid="team-select"
    />
  )
}
