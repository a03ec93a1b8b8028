/**
 * The page's Broadcasts part, plain browser JavaScript run as is: each notificationId the emulator
 * received, newest first, with what it answered for its tokens in all and per client (what a
 * sender's history should say), and, with a FID filtered on, that user's timeline: each notification
 * shown to them or refused for them, newest first. No token is shown. Uses `h`, `state`, `ofFid`,
 * `listOrEmpty` and `clock` of the scripts that share its script element.
 */
export const PAGE_BROADCASTS_SCRIPT = String.raw`
const BROADCAST_COUNTS = ['delivered', 'repeats', 'invalid', 'rateLimited', 'failed'];

function renderBroadcast(item) {
  const cells = (counts) => BROADCAST_COUNTS.map((name) => h('td', { 'data-count': name }, String(counts[name])));
  const reasons = Object.entries(item.byReason).map(([reason, count]) => reason + ' ' + count).join(', ');
  return h('div', { className: 'broadcast', 'data-notification-id': item.notificationId },
    h('div', {}, h('strong', {}, item.title), h('span', { className: 'mono muted' }, ' id ' + item.notificationId + ' · ' + item.requests + ' request(s), ' + item.tokens + ' token(s) · ' + clock(item.firstAt))),
    h('table', {},
      h('tr', {}, h('th', {}, 'client'), BROADCAST_COUNTS.map((name) => h('th', {}, name))),
      h('tr', { 'data-client': 'all' }, h('td', {}, 'all'), cells(item)),
      Object.entries(item.byClient).map(([client, counts]) => h('tr', { 'data-client': client }, h('td', {}, client), cells(counts)))),
    reasons === '' ? null : h('div', { className: 'muted' }, 'failed: ' + reasons));
}

function renderTimelineEntry(entry) {
  return h('div', { className: 'timeline-entry', 'data-notification-id': entry.notificationId || '', 'data-outcome': entry.outcome },
    h('span', { className: 'status ' + (entry.outcome === 'delivered' ? 'ok' : 'bad') }, entry.outcome),
    h('span', {}, ' ' + (entry.notificationId || 'a request') + ' in client ' + entry.appFid + ' '),
    h('span', { className: 'muted' }, clock(entry.at)));
}

function renderBroadcasts() {
  document.getElementById('broadcasts').replaceChildren(...listOrEmpty(state.broadcasts, 'No notification received yet.', renderBroadcast, false));
  const timeline = document.getElementById('timeline');
  if (state.fid === null) { timeline.replaceChildren(h('div', { className: 'empty' }, 'Filter on a FID for its timeline.')); return; }
  const entries = [
    ...ofFid(state.received).map((item) => ({ at: item.receivedAt, notificationId: item.notificationId, appFid: item.appFid, outcome: 'delivered' })),
    ...ofFid(state.refused).map((item) => ({ at: item.at, notificationId: item.notificationId, appFid: item.appFid, outcome: item.reason })),
  ].sort((a, b) => (a.at < b.at ? 1 : -1));
  timeline.replaceChildren(h('h3', {}, 'Timeline of fid ' + state.fid), ...listOrEmpty(entries, 'Nothing sent to this user yet.', renderTimelineEntry, true));
}
`;
