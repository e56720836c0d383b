// /account/sign-in: the app's one sign-in card (auth/sign-in-card.tsx: e-mail and password, then the
// second factor when the member has one: app, SMS or scratch code; accounts-and-api §7; DESIGN §7);
// once signed in, on to ?next= (a path of this site) or My account.
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { SignInCard } from '../../shared/session/sign-in-card'
import { safeNext } from '../../shared/session/sign-in-rules'
import { useSession } from '../../shared/session/use-session'
import { PageLoader } from '../../ui/page-loader'

export function SignInPage() {
  const { status } = useSession()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const next = safeNext(search.get('next'), '/account')
  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if (status === 'authenticated') return <Navigate to={next} replace />
  return <SignInCard onSignedIn={() => navigate(next, { replace: true })} />
}
