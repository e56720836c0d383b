// Schemas built in a browser parse without code generation (issue 13 item 20). The server's
// Content-Security-Policy allows no eval, and zod probes `new Function` as it builds each object schema,
// which Chromium reports as a `securitypolicyviolation` even though zod catches it (and then parses
// without code generation anyway). Evaluated first by index.ts, before any schema here is built.
import { z } from 'zod'

if (typeof document !== 'undefined') z.config({ jitless: true })
