// The one sign-in of the app (report-page §2 "sign-in prompt"; accounts-and-api §2, §7, §8, §9): e-mail
// and password (POST /api/v1/credentials/login; 'THIS USER IS NOT IN THE SYSTEM' for 5 s on failure),
// then, for members with a second factor, the MFA step (authenticator app, SMS when enabled, scratch
// code) with the limited token the login answered. Used by the report page's prompt, the sign-in gate,
// /login and /account/sign-in; `onSignedIn` says where to go next.
import { Alert, Anchor, Stack, Text } from '@mantine/core'
import type { LoginResponse } from '@sextant/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { storeToken } from '../../lib/auth-storage'
import { AuthCard } from './auth-card'
import { CredentialsForm } from './credentials-form'
import { MfaStep } from './mfa-step'

const DEFAULT_REASON = 'Use the e-mail address and password of your Sextant account.'

interface SignInCardProps {
  /** The line under the title. */
  reason?: string
  /** A notice above the form, e.g. 'A LOGIN IS REQUIRED TO ACCESS THIS REPORT'. */
  notice?: string
  /** Runs once the session is complete (after the second factor when there is one). */
  onSignedIn?: () => void
}

export function SignInCard({ reason = DEFAULT_REASON, notice, onSignedIn }: SignInCardProps) {
  const queryClient = useQueryClient()
  const [mfa, setMfa] = useState<{ email: string; methods: LoginResponse['mfaMethods'] } | null>(null)
  const [failed, setFailed] = useState(false)

  async function signedIn() {
    // Everything loaded so far was loaded as someone else: start over, the session included.
    await queryClient.resetQueries()
    onSignedIn?.()
  }

  if (mfa)
    return (
      <MfaStep
        email={mfa.email}
        methods={mfa.methods ?? []}
        onDone={signedIn}
        onCancel={() => setMfa(null)}
      />
    )
  return (
    <AuthCard
      title="Sign in to Sextant"
      subtitle={reason}
      testId="sign-in-prompt"
      footer={
        // Centred like the register page's footer.
        <Stack gap={4} align="center">
          <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-link">
            Forgot your password?
          </Anchor>
          <Text size="sm" c="dimmed" ta="center">
            New here?{' '}
            <Anchor component={Link} to="/register" data-testid="register-link">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      }
    >
      {notice && !failed ? (
        <Alert color="yellow" variant="light" ta="center" fw={700} fz="sm" data-testid="sign-in-notice">
          {notice}
        </Alert>
      ) : null}
      <CredentialsForm
        onFailure={setFailed}
        onAnswer={async (answer, email) => {
          // A limited token is stored too: only the MFA calls accept it until a code is checked.
          storeToken(answer.accessToken)
          if (answer.mfaRequired) setMfa({ email, methods: answer.mfaMethods })
          else await signedIn()
        }}
      />
    </AuthCard>
  )
}
