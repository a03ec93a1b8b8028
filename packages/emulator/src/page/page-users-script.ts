/**
 * The page's Mini App users and refusals, plain browser JavaScript run as is: each user with their
 * last event and their tokens in their state, and each notification the emulator refused with
 * when, whose token and why. A token is only ever shown as its first characters (the routes send
 * no more). Uses `h` of page-script.ts, which shares its script element.
 */
export const PAGE_USERS_SCRIPT = String.raw`
// Functions only at the top level: page-script.ts starts the page before this part is evaluated.
function clock(iso) { return new Date(iso).toLocaleTimeString(); }
function renderUserToken(token) {
  const badge = { enabled: 'badge on', disabled: 'badge off', removed: 'badge off', replaced: 'badge' }[token.state];
  return h('div', { className: 'token', 'data-state': token.state },
    h('span', { className: 'mono' }, token.tokenPrefix + '…'), ' ',
    h('span', { className: badge }, token.state), ' ',
    h('span', { className: 'muted' }, 'issued ' + clock(token.issuedAt) + (token.endedAt ? ', ended ' + clock(token.endedAt) : '') + (token.domain ? ' · ' + token.domain : '')));
}
function renderUser(user) {
  const last = user.lastEvent;
  return h('div', { className: 'user', 'data-fid': user.fid, 'data-app-fid': user.appFid },
    h('div', {}, h('strong', {}, 'fid ' + user.fid), h('span', { className: 'muted' }, ' in client ' + user.appFid)),
    h('div', { className: 'mono muted' }, user.webhookUrl),
    last ? h('div', { className: 'last-event' }, 'last event ', h('strong', {}, last.eventName), ' ', h('span', { className: 'state ' + last.state }, last.state), h('span', { className: 'muted' }, ' · ' + clock(last.at))) : null,
    user.tokens.length === 0 ? h('div', { className: 'muted token' }, 'no token issued: notifications are off') : user.tokens.map(renderUserToken));
}
function renderRefused(item) {
  const title = { invalid_token: 'invalid token', rate_limited: 'rate-limited', domain_mismatch: 'domain_mismatch', malformed: 'malformed request', fault: 'fault' }[item.reason];
  const who = item.fid !== null ? 'fid ' + item.fid + ' in client ' + item.appFid : item.tokenPrefix !== null ? 'a token this emulator never issued' : 'the whole request';
  return h('div', { className: 'refusal', 'data-fid': item.fid === null ? '' : item.fid, 'data-reason': item.reason },
    h('div', { className: 'line' },
      h('span', { className: 'status bad' }, title),
      h('span', {}, who),
      item.tokenPrefix !== null ? h('span', { className: 'mono' }, item.tokenPrefix + '…') : null,
      h('span', { className: 'muted' }, clock(item.at))),
    h('div', { className: 'why' }, item.message),
    item.notificationId !== null ? h('div', { className: 'mono muted' }, 'notificationId ' + item.notificationId) : null);
}
`;
