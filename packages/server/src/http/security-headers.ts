// Security headers on every answer (issue 13 item 20), through @fastify/helmet: a Content-Security-Policy
// that lets the built web app run (its own scripts only, Mantine's inline styles, data: images and fonts,
// API calls to this origin) and nothing else, no framing (frame-ancestors 'none' and X-Frame-Options),
// X-Content-Type-Options nosniff, no referrer. Badges stay embeddable as images on other sites.
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** The policy, directive by directive; `upgrade-insecure-requests` is left out so plain-HTTP installs work. */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Mantine writes its CSS variables in a <style> element and positions popovers with style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Advisory texts may name images elsewhere: not loaded, so reading a report tells no other host.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS is ended in front of Sextant when there is TLS; Strict-Transport-Security is set there.
    strictTransportSecurity: false,
  })
  // A badge is an <img> on a README or a wiki: another origin must be able to load it.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/v2/badges/'))
      reply.header('cross-origin-resource-policy', 'cross-origin')
  })
}
