/**
 * The page's Neynar part, plain browser JavaScript run as is: the Neynar webhooks with their
 * subscriptions, secrets (names and ends, never values) and faults, rotation, and publishing a
 * Neynar sample event. Uses `h`, `api`, `note`, `state`, `select`, `setFaults` and `faultText` of
 * page-script.ts, which share its script element.
 */
export const PAGE_NEYNAR_SCRIPT = String.raw`
async function publishNeynar(type, faults) {
  try {
    const answer = await api('POST', '/_emulator/neynar/events', { type, faults });
    note('publish-note', answer.matched.length === 0 ? 'Published Neynar ' + type + ': no webhook matched it.' : 'Published Neynar ' + type + ' to ' + answer.matched.length + ' webhook(s).');
  } catch (error) { note('publish-note', 'Not published: ' + error.message); }
}

async function rotateSecret(event, webhookId) {
  event.stopPropagation();
  try {
    const answer = await api('POST', '/_emulator/neynar/webhooks/' + encodeURIComponent(webhookId) + '/rotate-secret', {});
    note('neynar-note', 'Rotated: ' + answer.webhook.secrets.length + ' secrets; the newest signs from now on.');
  } catch (error) { note('neynar-note', 'Not rotated: ' + error.message); }
}

function secretText(secret) {
  return secret.uid + (secret.expires_at.startsWith('9999') ? ' (no end)' : ' (ends ' + new Date(secret.expires_at).toLocaleString() + ')');
}

function renderSubscription(filters) {
  const types = Object.entries(filters || {});
  if (types.length === 0) return h('div', { className: 'muted' }, 'subscribed to nothing');
  return types.map(([type, filter]) => h('div', { className: 'mono subscription', 'data-type': type },
    h('strong', {}, type), ' ', Object.keys(filter).length === 0 ? h('span', { className: 'muted' }, 'every event') : JSON.stringify(filter)));
}

function renderNeynarWebhooks() {
  const list = document.getElementById('neynar-webhooks');
  list.replaceChildren(...listOrEmpty(state.neynarWebhooks, 'No Neynar webhook yet: create one with the Neynar SDK, basePath ' + config.url + '.', (webhook) =>
    h('div', { className: 'webhook neynar' + (state.selected === webhook.webhook_id ? ' selected' : ''), 'data-webhook-id': webhook.webhook_id, onclick: () => select(webhook.webhook_id) },
      h('div', {}, h('strong', {}, webhook.title), ' ', h('span', { className: 'mono muted' }, webhook.webhook_id), ' ',
        h('span', { className: 'badge ' + (webhook.active ? 'on' : 'off') }, webhook.active ? 'active' : 'inactive')),
      h('div', { className: 'mono' }, webhook.target_url),
      renderSubscription(webhook.subscription),
      h('div', { className: 'muted secrets' }, 'secrets: ' + webhook.secrets.map(secretText).join(', ')),
      h('div', { className: 'muted faults' }, faultText(webhook.faults)),
      h('div', { className: 'actions' },
        h('button', { className: 'secondary set-faults', title: 'Every delivery to this webhook gets the faults checked above', onclick: (event) => setFaults(event, webhook.webhook_id, false) }, 'Use checked faults'),
        Object.keys(webhook.faults || {}).length > 0 ? h('button', { className: 'secondary clear-faults', onclick: (event) => setFaults(event, webhook.webhook_id, true) }, 'Clear faults') : null,
        h('button', { className: 'secondary rotate', title: 'A new secret signs from now on; the old ones keep verifying for a day', onclick: (event) => rotateSecret(event, webhook.webhook_id) }, 'Rotate secret')))));
}
`;
