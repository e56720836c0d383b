// /login: the sign-in prompt on its own page; once signed in, back to the page named by ?next=.
import { Navigate, useSearchParams } from 'react-router-dom'
import { SignInPrompt } from '../../shared/session/sign-in-prompt'
import { safeNext } from '../../shared/session/sign-in-rules'
import { useSession } from '../../shared/session/use-session'
import { PageLoader } from '../../ui/page-loader'

export function LoginPage() {
  const { status } = useSession()
  const [search] = useSearchParams()
  const next = search.get('next')
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if (status === 'authenticated') return <Navigate to={safeNext(next, '/dashboard')} replace />
  return <SignInPrompt />
}
