// Shows its children only once the caller is known and, for mode=eli or login=true, signed in
// (report-page §2: spinner while auth is unknown; sign-in prompt when not authenticated).
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import { PageLoader } from '../../ui/page-loader'
import { LOGIN_REQUIRED, SignInPrompt } from './sign-in-prompt'
import { requiresSignIn } from './sign-in-rules'
import { useSession } from './use-session'

export function SignInGate({ children, always = false }: { children: ReactNode; always?: boolean }) {
  const { status } = useSession()
  const [search] = useSearchParams()
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if ((always || requiresSignIn(search)) && status !== 'authenticated') {
    return <SignInPrompt notice={LOGIN_REQUIRED} reason="Sign in and we will check your clearance." />
  }
  return <>{children}</>
}
