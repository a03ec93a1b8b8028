/** The page's stylesheet: system fonts only, light and dark. */
export const PAGE_STYLE = String.raw`
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --line: #d9dde3; --muted: #5f6b7a; --ok: #11803c; --bad: #c2261b; --wait: #9a6700; --accent: #2456c9; }
@media (prefers-color-scheme: dark) { :root { --bg: #15181d; --card: #1e232a; --line: #343b45; --muted: #98a2b0; --ok: #4cc38a; --bad: #ff7b72; --wait: #e3b341; --accent: #79a6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); }
header { display: flex; gap: 16px; align-items: baseline; padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--card); }
header h1 { font-size: 16px; margin: 0; }
header .meta { color: var(--muted); }
#live { margin-left: auto; color: var(--muted); }
#live.on { color: var(--ok); }
main { display: grid; grid-template-columns: minmax(260px, 340px) 1fr; gap: 16px; padding: 16px 20px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin-bottom: 16px; }
h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 10px; display: flex; align-items: center; gap: 8px; }
h2 .grow { flex: 1; }
label { display: block; margin: 4px 0; }
select, input[type=number] { font: inherit; padding: 3px 6px; }
input[type=number] { width: 90px; }
button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: var(--accent); }
button:disabled { opacity: .5; cursor: default; }
.note { color: var(--muted); margin-top: 6px; min-height: 1.4em; }
.webhook { padding: 6px 8px; border-radius: 6px; cursor: pointer; border: 1px solid transparent; }
.webhook:hover { border-color: var(--line); }
.webhook.selected { border-color: var(--accent); }
.webhook .actions { display: flex; gap: 6px; margin-top: 4px; }
.webhook .actions button { padding: 1px 8px; font-size: 12px; }
.mono, pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.muted { color: var(--muted); }
.delivery { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin-bottom: 10px; }
.delivery .head { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.delivery .head .grow { flex: 1; }
.state { font-weight: 600; text-transform: uppercase; font-size: 12px; }
.state.delivered, .status.ok { color: var(--ok); }
.state.failed, .state.cancelled, .status.bad { color: var(--bad); }
.state.pending { color: var(--wait); }
.attempt { border-top: 1px dashed var(--line); margin-top: 8px; padding-top: 6px; }
.attempt .line { display: flex; gap: 12px; flex-wrap: wrap; }
.status { font-weight: 600; }
pre { margin: 4px 0; padding: 6px 8px; background: var(--bg); border-radius: 6px; white-space: pre-wrap; word-break: break-all; max-height: 220px; overflow: auto; }
details > summary { cursor: pointer; color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
.badge { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; padding: 0 6px; border-radius: 4px; border: 1px solid var(--line); color: var(--muted); }
.badge.on { color: var(--ok); border-color: var(--ok); }
.badge.off { color: var(--bad); border-color: var(--bad); }
.webhook .subscription { margin-top: 2px; word-break: break-all; }
input[type=url], input[type=text] { font: inherit; padding: 3px 6px; max-width: 100%; }
.received { padding: 6px 0; border-top: 1px dashed var(--line); }
.received:first-child { border-top: none; }
.received .title { font-weight: 600; }
#miniapp .muted, .delivery.miniapp .mono, .user .mono { word-break: break-all; }
.user, .refusal { padding: 6px 0; border-top: 1px dashed var(--line); }
.user:first-child, .refusal:first-child { border-top: none; }
.user .token, .user .last-event { margin-top: 2px; }
.refusal .line { display: flex; gap: 10px; flex-wrap: wrap; align-items: baseline; }
.loading { font-style: normal; }
#fid-filter-label { margin: 0; }
#fid-filter { width: 100px; }
`;
