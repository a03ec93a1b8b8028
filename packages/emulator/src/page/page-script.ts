/**
 * The page's script, plain browser JavaScript run as is (no build step): lists the webhooks (the
 * service's here, Neynar's in page-neynar-script.ts), the deliveries (page-deliveries-script.ts) and
 * the Mini App side (page-miniapp-script.ts, page-users-script.ts) in the frame of
 * page-layout-script.ts, follows `GET /_emulator/stream` for changes, publishes
 * and replays through the same HTTP API as the command line. It offers and describes the senders
 * whose webhooks exist (the service's, Neynar's; both while there is none) and Mini App events for
 * any webhookUrl. Text from the receiver is only ever set as `textContent`.
 */
export const PAGE_SCRIPT = String.raw`
'use strict';
const config = JSON.parse(document.getElementById('config').textContent);
// loaded: false until the first lists arrive; until then every list says it is loading, never "none".
const state = { webhooks: [], neynarWebhooks: [], miniAppDeliveries: [], received: [], broadcasts: [], users: [], refused: [], deliveries: new Map(), selected: null, open: new Set(), loaded: false, fid: null, publishFollows: null };

function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'className') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child instanceof Node ? child : String(child));
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: Object.assign({ 'x-emulator-page-token': config.token, accept: 'application/json' }, body === undefined ? {} : { 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.message || ('HTTP ' + response.status));
  return answer;
}

function note(id, text) { document.getElementById(id).textContent = text; }

function checkedFaults() {
  const faults = {};
  for (const name of ['duplicate', 'outOfOrder', 'disconnect']) if (document.getElementById('f-' + name).checked) faults[name] = true;
  const delayMs = Number(document.getElementById('f-delayMs').value);
  if (delayMs > 0) faults.delayMs = delayMs;
  return faults;
}

async function publish() {
  const faults = checkedFaults();
  const eventName = document.getElementById('event').value;
  if (eventName.startsWith('neynar:')) return publishNeynar(eventName.slice('neynar:'.length), faults);
  try {
    const answer = await api('POST', '/_emulator/events', { eventName, faults });
    note('publish-note', answer.matched.length === 0 ? 'Published ' + eventName + ': no webhook matched it.' : 'Published ' + eventName + ' to ' + answer.matched.length + ' webhook(s).');
  } catch (error) { note('publish-note', 'Not published: ' + error.message); }
}

// The faults checked above, for every delivery to one webhook (or none, with clear).
async function setFaults(event, webhookId, clear) {
  event.stopPropagation();
  const path = '/_emulator/webhooks/' + encodeURIComponent(webhookId) + '/faults';
  try { await (clear ? api('DELETE', path) : api('PUT', path, checkedFaults())); }
  catch (error) { note('publish-note', 'Faults not set: ' + error.message); }
}

async function replay(deliveryId) {
  try { await api('POST', '/_emulator/deliveries/' + encodeURIComponent(deliveryId) + '/replay'); note('deliveries-note', 'Replaying ' + deliveryId + '.'); }
  catch (error) { note('deliveries-note', 'Not replayed: ' + error.message); }
}

async function replayFailed() {
  try {
    const answer = await api('POST', '/_emulator/deliveries/replay', state.selected ? { webhook_id: state.selected } : {});
    note('deliveries-note', 'Replaying ' + answer.replayed.length + ' failed deliver' + (answer.replayed.length === 1 ? 'y.' : 'ies.'));
  } catch (error) { note('deliveries-note', 'Not replayed: ' + error.message); }
}

function select(webhookId) {
  state.selected = webhookId;
  state.publishFollows = null;
  history.replaceState(null, '', webhookId ? '#webhook=' + webhookId : '#');
  render();
}

// Publish offers the event the selected webhook listens to: any other would reach no webhook. Set
// once per selection (the webhook may arrive after the page, with the first list), so an event
// picked by hand stays picked while deliveries come in.
function followSelectedEvent() {
  const webhook = state.webhooks.find((w) => w.webhook_id === state.selected);
  if (!webhook || state.publishFollows === webhook.webhook_id) return;
  state.publishFollows = webhook.webhook_id;
  document.getElementById('event').value = webhook.filter_config.event_type;
}

function faultText(faults) {
  const names = Object.entries(faults || {}).map(([key, value]) => value === true ? key : key + '=' + value);
  return names.length === 0 ? '' : 'faults: ' + names.join(', ');
}

function renderWebhooks() {
  const list = document.getElementById('webhooks');
  list.replaceChildren(...listOrEmpty(state.webhooks, 'No webhook yet: create one with social-webhooks create or the client.', (webhook) =>
    h('div', { className: 'webhook' + (state.selected === webhook.webhook_id ? ' selected' : ''), 'data-webhook-id': webhook.webhook_id, onclick: () => select(webhook.webhook_id) },
      h('div', {}, h('strong', {}, webhook.filter_config.event_type), ' ', h('span', { className: 'mono muted' }, webhook.webhook_id)),
      h('div', { className: 'mono' }, webhook.endpoint),
      webhook.filter_config.filter ? h('div', { className: 'mono muted' }, 'filter ' + JSON.stringify(webhook.filter_config.filter)) : null,
      h('div', { className: 'muted faults' }, faultText(webhook.faults)),
      h('div', { className: 'actions' },
        h('button', { className: 'secondary set-faults', title: 'Every delivery to this webhook gets the faults checked above', onclick: (event) => setFaults(event, webhook.webhook_id, false) }, 'Use checked faults'),
        Object.keys(webhook.faults || {}).length > 0 ? h('button', { className: 'secondary clear-faults', onclick: (event) => setFaults(event, webhook.webhook_id, true) }, 'Clear faults') : null))));
}

function render() {
  renderSenders();
  renderWebhooks();
  followSelectedEvent();
  renderNeynarWebhooks();
  renderMiniApp();
  renderBroadcasts();
  orderPanels();
  const shown = [...state.deliveries.values()].filter((d) => !state.selected || d.webhookId === state.selected).reverse();
  document.getElementById('deliveries-title').textContent = state.selected ? 'Deliveries of ' + state.selected : 'Deliveries';
  document.getElementById('deliveries').replaceChildren(...listOrEmpty(shown, 'No delivery yet: publish an event.', renderDelivery));
}

async function reload() {
  const [webhooks, neynar, deliveries] = await Promise.all([api('GET', '/_emulator/webhooks'), api('GET', '/_emulator/neynar/webhooks'), api('GET', '/_emulator/deliveries'), fetchMiniApp()]);
  state.webhooks = webhooks.webhooks;
  state.neynarWebhooks = neynar.webhooks;
  state.deliveries = new Map(deliveries.deliveries.map((d) => [d.deliveryId, d]));
  state.loaded = true;
  render();
}

function follow() {
  const source = new EventSource('/_emulator/stream?token=' + encodeURIComponent(config.token));
  const live = document.getElementById('live');
  // "ready" comes first on every (re)connection: list everything again, then follow the changes.
  source.addEventListener('ready', () => { live.textContent = 'live'; live.className = 'on'; reload().catch((error) => note('deliveries-note', error.message)); });
  source.addEventListener('delivery', (event) => { const d = JSON.parse(event.data); state.deliveries.set(d.deliveryId, d); render(); });
  source.addEventListener('webhooks', (event) => { state.webhooks = JSON.parse(event.data); render(); });
  source.addEventListener('neynar-webhooks', (event) => { state.neynarWebhooks = JSON.parse(event.data); render(); });
  source.addEventListener('miniapp', () => { reloadMiniApp().catch((error) => note('miniapp-note', error.message)); });
  source.addEventListener('error', () => { live.textContent = 'reconnecting…'; live.className = ''; });
}

layout();
const match = /^#webhook=(.+)$/.exec(location.hash);
state.selected = match ? decodeURIComponent(match[1]) : null;
render();
follow();
`;
