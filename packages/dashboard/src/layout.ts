import { html, type SafeHtml } from './html.js';

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:10px 20px;display:flex;gap:20px;align-items:center}
header a{color:#cfd6e6;text-decoration:none}header a.on{color:#fff;font-weight:600}
main{padding:16px 20px}h1{font-size:18px;margin:0 16px 0 0}h2{font-size:16px}
table{border-collapse:collapse;background:#fff;margin-bottom:16px}
th,td{border:1px solid #dde1e8;padding:4px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
pre{background:#fff;border:1px solid #dde1e8;padding:10px;overflow:auto;max-height:60vh}
form{display:inline;margin:0}button{cursor:pointer}
.notice{background:#e6f4ea;border:1px solid #9bd1a8;padding:6px 10px;margin-bottom:12px}
.bad{color:#a4262c}.muted{color:#687085}`;

/** The pages of the navigation, by path under the base. */
const NAV: readonly (readonly [string, string])[] = [
  ['', 'Overview'],
  ['/deliveries', 'Deliveries'],
  ['/failures', 'Failures'],
  ['/dead-letters', 'Dead letters'],
  ['/broadcasts', 'Broadcasts'],
  ['/timeline', 'Timeline'],
];

/**
 * One self-contained document: no script, no external asset, the style allowed by its nonce alone
 * (the Content-Security-Policy `dashboardResponse` sends), forms posting to the page itself.
 */
export function layout(base: string, current: string, title: string, nonce: string, body: SafeHtml, notice?: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} · social-webhooks</title>
        <style nonce="${nonce}">
          ${STYLE}
        </style>
      </head>
      <body>
        <header>
          <h1>social-webhooks</h1>
          ${NAV.map(([path, label]) => html`<a href="${base + path}" ${current === path && html` class="on"`}>${label}</a>`)}
        </header>
        <main>
          <h2>${title}</h2>
          ${notice !== undefined && html`<p class="notice" role="status">${notice}</p>`}${body}
        </main>
      </body>
    </html>`.text;
}

/** A page's response: HTML under a strict CSP (nothing runs, nothing loads, forms post here only), never cached. */
export function pageResponse(html: string, nonce: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      // Not no-referrer: under it a browser sends `Origin: null` with the page's own form POSTs.
      'referrer-policy': 'same-origin',
    },
  });
}

/** A fresh nonce per response, from the Web Crypto API every runtime has. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
