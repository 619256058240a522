import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Router, type Response } from 'express';
import { caseSensitiveRouter } from '@xaalis/service-kit';
import { MESSAGES_HTTP, REMOTES, type RemotesConfig } from '@xaalis/contracts';

// Webpack's content-hashed file names (main.3f9a1c2b7d.js, 123.abcdef0123.css) never change content.
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|woff2?|ttf|png|jpe?g|svg|gif|webp|ico|map)$/i;

function cacheHeaders(res: Response, file: string): void {
  // Entry points (index.html, remoteEntry.js) must be revalidated so deployments show at once.
  res.setHeader('Cache-Control', HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const staticOptions = { index: false, setHeaders: cacheHeaders, fallthrough: true, redirect: false } as const;

function notBuiltPage(): string {
  return `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Xaalis</title><body style="font-family:sans-serif;padding:2rem"><h1>Xaalis</h1><p>${MESSAGES_HTTP.uiNotBuilt}</p></body></html>`;
}

/** GET /config/remotes.json: where the shell finds each remote (read at run time, so operators can move or disable one). */
export function remotesConfigRoute(remotes: RemotesConfig): Router {
  const router = caseSensitiveRouter();
  router.get('/config/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remotes);
  });
  return router;
}

/**
 * Local mode: the shell's build at /, each remote's build at /remotes/<name>/,
 * and the shell's index.html for client-side routes (/factures, /auth, ...).
 */
export function staticRoutes(staticDir: string): Router {
  const router = caseSensitiveRouter();
  const shellDir = path.join(staticDir, 'shell', 'dist');
  const indexFile = path.join(shellDir, 'index.html');
  // Local mode has no nginx in front: gzip the bundles here.
  router.use(compression());

  for (const name of REMOTES) {
    router.use(`/remotes/${name}`, express.static(path.join(staticDir, `mfe-${name}`, 'dist'), staticOptions));
  }
  router.use(express.static(shellDir, staticOptions));

  router.use((req, res, next) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !/^\/(api|config|remotes)(\/|$)/.test(req.path) &&
      req.accepts(['html', 'json']) === 'html';
    if (!wantsPage) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // Checked per request: building while the gateway runs needs no restart.
    if (!fs.existsSync(indexFile)) return void res.status(503).type('html').send(notBuiltPage());
    res.sendFile(indexFile);
  });
  return router;
}
