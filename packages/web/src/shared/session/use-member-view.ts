// Whether links to report pages should open the member view (report-page §2 Routes: mode=eli is the
// non-public view and needs sign-in): yes for every signed-in caller, so that the project list, the
// dashboard, history and the processing pages lead members to a page where they can act.
import { useSession } from './use-session'

export function useMemberView(): boolean {
  return useSession().status === 'authenticated'
}
