// The header links of report-page §2 (Home, Blog, FAQ, Status, Docs, API). API opens the OpenAPI
// page the server renders (DESIGN §5), so it is a full-page link rather than a client route.
export interface NavLink {
  label: string
  to: string
  external?: boolean
}

export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Blog', to: '/blog' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Status', to: '/status' },
  { label: 'Docs', to: '/docs' },
  { label: 'API', to: '/api/docs', external: true },
]
