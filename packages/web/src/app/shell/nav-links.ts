// The header links of report-page §2 (Home, FAQ, Status, Docs, API) and, for signed-in members, their
// Projects and Dashboard (issue 14 "Navigation"). API opens the OpenAPI page the server renders
// (DESIGN §5), so it is a full-page link rather than a client route. The spec's Blog link is left out:
// this product has no blog to link to (issue 14: hide it rather than show an empty page).
export interface NavLink {
  label: string
  to: string
  external?: boolean
}

const HOME: NavLink = { label: 'Home', to: '/' }
const MEMBER_LINKS: readonly NavLink[] = [
  { label: 'Projects', to: '/projects.html' },
  { label: 'Dashboard', to: '/dashboard' },
]
const INFO_LINKS: readonly NavLink[] = [
  { label: 'FAQ', to: '/faq' },
  { label: 'Status', to: '/status' },
  { label: 'Docs', to: '/docs' },
  { label: 'API', to: '/api/docs', external: true },
]

export function navLinks(signedIn: boolean): NavLink[] {
  return [HOME, ...(signedIn ? MEMBER_LINKS : []), ...INFO_LINKS]
}
