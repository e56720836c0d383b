// Shows its children only once the caller is known and, for mode=eli or login=true, signed in
// (report-page §2: spinner while auth is unknown; sign-in prompt when not authenticated).
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PageLoader } from '../../ui/page-loader'
import { LOGIN_REQUIRED, SignInPrompt } from './sign-in-prompt'
import { requiresSignIn } from './sign-in-rules'
import { useSession } from './use-session'

interface GateProps {
  children: ReactNode
  /** Every visitor must sign in, whatever the address says (pages of an account, not of the public). */
  always?: boolean
  /** The line under the prompt's title; the report's 'check your clearance' by default. */
  reason?: string
}

export function SignInGate({ children, always = false, reason }: GateProps) {
  const { status } = useSession()
  const [search] = useSearchParams()
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if ((always || requiresSignIn(search)) && status !== 'authenticated') {
    if (always && reason) return <SignInPrompt reason={reason} />
    return <SignInPrompt notice={LOGIN_REQUIRED} reason="Sign in and we will check your clearance." />
  }
  return <>{children}</>
}
