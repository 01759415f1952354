import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@tender/contracts';
import type { SpaFallback } from './envelope.js';

/** Vite names every file under assets/ by its content hash: a new build means new names. */
const HASHED_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon …) are checked again on every load. */
export const REVALIDATE = 'no-cache';

/** apps/web/dist, seen from apps/server/src/plugins (sources) or apps/server/dist (the bundle). */
export function findWebDist() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return ['../../../web/dist', '../../web/dist']
    .map((relative) => path.resolve(here, relative))
    .find((dir) => existsSync(path.join(dir, 'index.html')));
}

/**
 * The built web app. Files are served as the build precompressed them (`.br`, `.gz` beside the
 * original, chosen by Accept-Encoding), so no request spends CPU compressing them.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = path.relative(webDist, filePath).split(path.sep)[0] === HASHED_DIR;
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}

/**
 * A browser asking for a screen path (/tender_list …) gets the single-page app. A public page
 * with its own static frame (login.html for /login …, made by the web build) gets that page, so
 * the frame paints before any script has loaded.
 */
export function spaFallbackFor(webDist: string): SpaFallback {
  const framedPages = new Set(
    readdirSync(webDist)
      .filter((name) => name.endsWith('.html') && name !== 'index.html')
      .map((name) => `/${name.slice(0, -'.html'.length)}`),
  );
  return (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(API_BASE) &&
      !path.extname(pathname);
    if (!wantsPage) return false;
    const page = framedPages.has(pathname) ? `${pathname.slice(1)}.html` : 'index.html';
    void reply.type('text/html').sendFile(page);
    return true;
  };
}
