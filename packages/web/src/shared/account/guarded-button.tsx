// A button for an action the caller's role may not perform: shown disabled with the spec's tooltip
// (accounts-and-api §6) instead of failing with 403 after a click.
import { Button, type ButtonProps, Tooltip } from '@mantine/core'
import type { ReactNode } from 'react'
import { NOT_AUTHORIZED } from './rights'

type GuardedButtonProps = ButtonProps & {
  allowed: boolean
  onClick?: () => void
  type?: 'button' | 'submit'
  children: ReactNode
  testId?: string
}

export function GuardedButton({ allowed, onClick, type = 'button', testId, ...props }: GuardedButtonProps) {
  if (allowed) return <Button type={type} onClick={onClick} data-testid={testId} {...props} />
  return (
    <Tooltip label={NOT_AUTHORIZED} withArrow>
      {/* data-disabled, not disabled: a disabled button gets no hover, so the tooltip would never show. */}
      <Button
        type="button"
        {...props}
        data-disabled
        aria-disabled
        data-disabled-reason="role"
        onClick={(event) => event.preventDefault()}
        data-testid={testId}
      />
    </Tooltip>
  )
}
