// The sign-in prompt (report-page §2 Layout) where a page needs a signed-in user: the app's one sign-in
// card (sign-in-card.tsx: 'THIS USER IS NOT IN THE SYSTEM' for 5 s, the second factor when the member
// has one); once signed in the page itself shows, loaded again as the member.
import { useAlerts } from '../../ui/alerts/use-alerts'
import { SignInCard } from './sign-in-card'

export const LOGIN_REQUIRED = 'A LOGIN IS REQUIRED TO ACCESS THIS REPORT'

export function SignInPrompt({ reason, notice }: { reason?: string; notice?: string }) {
  const { showAlert } = useAlerts()
  return (
    <SignInCard
      reason={reason}
      notice={notice}
      onSignedIn={() => showAlert('success', 'You are signed in.')}
    />
  )
}
