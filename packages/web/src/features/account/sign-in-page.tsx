// /account/sign-in: e-mail and password (POST /api/v1/credentials/login), then the second factor when
// the member has MFA: the login answers mfaRequired with a limited token that only
// POST /api/v1/mfa/validate/{app|sms|scratch} accepts (accounts-and-api §7; DESIGN §7).
import { Anchor, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { storeToken } from '../../lib/auth-storage'
import { PageLoader } from '../../ui/page-loader'
import { useSession } from '../auth/use-session'
import { AuthCard } from './auth-card'
import { CredentialsForm } from './credentials-form'
import { MfaStep } from './mfa-step'

function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/account'
}

export function SignInPage() {
  const { status } = useSession()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [mfaFor, setMfaFor] = useState<string | null>(null)
  const next = safeNext(search.get('next'))

  async function signedIn() {
    // Everything loaded so far was loaded as someone else: start over.
    await queryClient.resetQueries()
    navigate(next, { replace: true })
  }

  if (status === 'unknown') return <PageLoader label="Checking your session…" />
  if (status === 'authenticated' && !mfaFor) return <Navigate to={next} replace />
  if (mfaFor) return <MfaStep email={mfaFor} onDone={signedIn} onCancel={() => setMfaFor(null)} />
  return (
    <AuthCard
      title="Sign in to Sextant"
      subtitle="Use the e-mail address and password of your Sextant account."
      footer={
        <Text size="sm" c="dimmed" ta="center">
          New to Sextant?{' '}
          <Anchor component={Link} to="/register" data-testid="register-link">
            Create an account
          </Anchor>
        </Text>
      }
    >
      <CredentialsForm
        onAnswer={async (answer, email) => {
          // A limited token is stored too: only the MFA validation accepts it until a code is checked.
          storeToken(answer.accessToken)
          if (answer.mfaRequired) setMfaFor(email)
          else await signedIn()
        }}
      />
    </AuthCard>
  )
}
