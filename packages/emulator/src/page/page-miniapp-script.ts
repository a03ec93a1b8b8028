/**
 * The page's Mini App part, plain browser JavaScript run as is: sends one of the four Mini App
 * events to a Mini App's webhookUrl as a Farcaster client (through `POST /_emulator/miniapp/events`,
 * as the command line does), lists those deliveries with their attempts, and shows what each user
 * received through the notification route, the users (page-users-script.ts) and what was refused,
 * of every user or of the FID filtered on. Uses `h`, `api`, `note`, `state`, `listOrEmpty` and
 * `renderAttempt` of the scripts that share its script element.
 */
export const PAGE_MINIAPP_SCRIPT = String.raw`
function miniAppSection() {
  const numberInput = (id, value, placeholder) => h('input', { type: 'number', id, min: '1', step: '1', value, placeholder });
  return h('section', { id: 'miniapp' },
    h('h2', {}, 'Send a Mini App event'),
    h('div', { className: 'muted' }, 'As a Farcaster client: signed with the user’s app key, which the hub route ' + config.url + '/v1/onChainSignersByFid lists.'),
    h('label', {}, 'webhookUrl ', h('input', { type: 'url', id: 'm-to', list: 'm-known', placeholder: 'http://127.0.0.1:3000/webhook', size: '34' })),
    h('datalist', { id: 'm-known' }),
    h('label', {}, 'Event ', h('select', { id: 'm-event' }, config.miniAppEventNames.map((name) => h('option', { value: name }, name)))),
    h('label', {}, 'fid ', numberInput('m-fid', '3'), ' client fid ', numberInput('m-app-fid', '', '9152')),
    h('label', {}, 'domain ', h('input', { type: 'text', id: 'm-domain', placeholder: config.miniAppDomain || 'not checked', size: '22' })),
    h('label', {}, h('input', { type: 'checkbox', id: 'm-notifications-off' }), ' miniapp_added with notifications off'),
    h('button', { id: 'miniapp-send', onclick: sendMiniApp }, 'Send'),
    h('div', { className: 'note', id: 'miniapp-note' }));
}

async function sendMiniApp() {
  const value = (id) => document.getElementById(id).value.trim();
  const event = value('m-event');
  const body = { to: value('m-to'), event, fid: Number(value('m-fid')) };
  if (value('m-app-fid') !== '') body.appFid = Number(value('m-app-fid'));
  if (value('m-domain') !== '') body.domain = value('m-domain');
  if (event === 'miniapp_added' && document.getElementById('m-notifications-off').checked) body.notifications = false;
  try {
    const answer = await api('POST', '/_emulator/miniapp/events', body);
    // A token is a credential: the page shows its first characters, as the users panel does.
    const token = answer.payload.notificationDetails ? ', token ' + answer.payload.notificationDetails.token.slice(0, 8) + '…' : '';
    note('miniapp-note', 'Sent ' + event + ' of fid ' + answer.fid + ' (client ' + answer.appFid + ')' + token + '.');
  } catch (error) { note('miniapp-note', 'Not sent: ' + error.message); }
}

// Every user's lists: the FID filter applies here, on the page, so it answers at once.
async function fetchMiniApp() {
  const [deliveries, received, users, refused, broadcasts] = await Promise.all(['deliveries', 'received', 'users', 'refused', 'broadcasts'].map((name) => api('GET', '/_emulator/miniapp/' + name)));
  state.broadcasts = broadcasts.broadcasts;
  state.miniAppDeliveries = deliveries.deliveries;
  state.received = received.received;
  state.users = users.users;
  state.refused = refused.refused;
}
async function reloadMiniApp() {
  await fetchMiniApp();
  render();
}
function ofFid(items) { return state.fid === null ? items : items.filter((item) => item.fid === state.fid); }

function renderMiniAppDelivery(delivery) {
  return h('div', { className: 'delivery miniapp', 'data-delivery-id': delivery.deliveryId, 'data-state': delivery.state },
    h('div', { className: 'head' },
      h('span', { className: 'badge' }, 'Mini App'),
      h('strong', {}, delivery.eventName),
      h('span', { className: 'state ' + delivery.state }, delivery.state),
      h('span', { className: 'mono muted grow' }, delivery.endpoint)),
    h('div', { className: 'mono muted' }, 'fid ' + delivery.fid + ' · client ' + delivery.appFid + ' · app key ' + delivery.appKey + ' · ' + new Date(delivery.createdAt).toLocaleTimeString()),
    delivery.attempts.length === 0 ? h('div', { className: 'empty' }, 'No attempt yet.') : delivery.attempts.map((attempt) => renderAttempt(delivery, attempt)));
}

function renderReceived(item) {
  return h('div', { className: 'received', 'data-fid': item.fid, 'data-notification-id': item.notificationId },
    h('div', {}, h('strong', {}, 'fid ' + item.fid), h('span', { className: 'muted' }, ' in client ' + item.appFid + ' · ' + new Date(item.receivedAt).toLocaleTimeString())),
    h('div', { className: 'title' }, item.title),
    h('div', { className: 'text' }, item.body),
    h('div', { className: 'mono muted' }, item.targetUrl + ' · id ' + item.notificationId + (item.repeats > 0 ? ' · repeated ' + item.repeats + '×, not shown again' : '')));
}

function renderMiniApp() {
  const known = [...new Set(state.miniAppDeliveries.map((d) => d.endpoint))];
  document.getElementById('m-known').replaceChildren(...known.map((url) => h('option', { value: url })));
  const to = document.getElementById('m-to');
  if (to.value === '' && known.length > 0) to.value = known[known.length - 1];
  const newestFirst = (items) => [...ofFid(items)].reverse();
  document.getElementById('users').replaceChildren(...listOrEmpty(ofFid(state.users), 'No Mini App user yet: send a Mini App event.', renderUser, true));
  document.getElementById('refused').replaceChildren(...listOrEmpty(newestFirst(state.refused), 'Nothing refused: every token sent was delivered.', renderRefused, true));
  document.getElementById('received').replaceChildren(...listOrEmpty(newestFirst(state.received), 'No notification received yet: a Mini App sends one with a token it was given.', renderReceived, true));
  document.getElementById('miniapp-deliveries').replaceChildren(...listOrEmpty(newestFirst(state.miniAppDeliveries), 'No Mini App event sent yet.', renderMiniAppDelivery, true));
}
`;
