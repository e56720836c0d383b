// @sextant/web is an application, not a library: its entry is src/main.tsx, built by Vite.
// This module exists because every workspace package exposes an index.ts (DESIGN §1).
export const WEB_ENTRY = 'src/main.tsx'
