import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { EVENT_NAMES, MINI_APP_EVENT_NAMES, NEYNAR_EVENT_NAMES, NEYNAR_SIGNATURE_HEADER } from '@social-webhooks/core';
import type { ResolvedEmulatorOptions } from '../options.js';
import { PAGE_DELIVERIES_SCRIPT } from './page-deliveries-script.js';
import { PAGE_LAYOUT_SCRIPT } from './page-layout-script.js';
import { PAGE_BROADCASTS_SCRIPT } from './page-broadcasts-script.js';
import { PAGE_MINIAPP_SCRIPT } from './page-miniapp-script.js';
import { PAGE_NEYNAR_SCRIPT } from './page-neynar-script.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_SENDERS_SCRIPT } from './page-senders-script.js';
import { PAGE_STYLE } from './page-style.js';
import { PAGE_USERS_SCRIPT } from './page-users-script.js';

/** What the page is built from: the router's context has it, and the page asks for nothing more. */
export interface PageContext {
  /** The token the page's script authenticates with (see the router's `PAGE_TOKEN_HEADER`). */
  readonly pageToken: string;
  readonly options: Pick<ResolvedEmulatorOptions, 'bodyForm' | 'headerName' | 'miniAppDomain'>;
  readonly baseUrl: () => string;
}

/**
 * `GET /`: the page to watch deliveries and play every sender, one self-contained HTML document (inline style and script,
 * no external fonts or scripts), with what its script needs in a JSON block. A per-response nonce
 * in the Content-Security-Policy lets only these inline blocks run.
 */
export function sendPage(res: ServerResponse, context: PageContext): void {
  const nonce = randomBytes(16).toString('base64');
  const config = {
    token: context.pageToken,
    eventNames: EVENT_NAMES,
    neynarEventNames: NEYNAR_EVENT_NAMES,
    miniAppEventNames: MINI_APP_EVENT_NAMES,
    neynarHeader: NEYNAR_SIGNATURE_HEADER,
    miniAppDomain: context.options.miniAppDomain,
    bodyForm: context.options.bodyForm,
    headerName: context.options.headerName,
    url: context.baseUrl(),
  };
  // `<` escaped so no value can close the script block (HTML §4.12.1.3, restrictions for contents).
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>social-webhooks emulator</title>',
    `<style nonce="${nonce}">${PAGE_STYLE}</style>`,
    '</head><body>',
    `<script id="config" type="application/json">${json}</script>`,
    '<noscript>This page needs JavaScript; the same data is at GET /_emulator/deliveries.</noscript>',
    // One script element: the parts call each other's functions.
    `<script nonce="${nonce}">${PAGE_SCRIPT}${PAGE_LAYOUT_SCRIPT}${PAGE_DELIVERIES_SCRIPT}${PAGE_NEYNAR_SCRIPT}${PAGE_MINIAPP_SCRIPT}${PAGE_BROADCASTS_SCRIPT}${PAGE_USERS_SCRIPT}${PAGE_SENDERS_SCRIPT}</script>`,
    '</body></html>',
  ].join('\n');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}
