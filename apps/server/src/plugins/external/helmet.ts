import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet). The middleware is built once: @fastify/helmet rebuilt it, CSP
 * parsing included, on every request (a measurable share of a small answer's cost). Set on
 * the raw response, so a route's own header (the API docs' CSP) still takes precedence.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its CSS-in-JS styles inline; scripts come only from our own files
        // (the docs page sends its own policy with the hashes of its inline scripts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
