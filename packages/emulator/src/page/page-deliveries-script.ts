/**
 * The page's rendering of the delivery log, plain browser JavaScript run as is: each delivery, its
 * attempts, the request sent (the secret masked) and the receiver's answer, as text only.
 */
export const PAGE_DELIVERIES_SCRIPT = String.raw`
function pretty(text) {
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
}

function headersText(headers) {
  return Object.entries(headers).map(([name, value]) => name + ': ' + value).join('\n');
}

function disclosure(key, title, body) {
  const node = h('details', { open: state.open.has(key) }, h('summary', {}, title), body);
  node.addEventListener('toggle', () => { if (node.open) state.open.add(key); else state.open.delete(key); });
  return node;
}

function renderAttempt(delivery, attempt) {
  const key = delivery.deliveryId + '#' + attempt.attempt;
  const ok = attempt.status >= 200 && attempt.status < 300;
  const answer = attempt.response;
  return h('div', { className: 'attempt', 'data-attempt': attempt.attempt },
    h('div', { className: 'line' },
      h('strong', {}, '#' + attempt.attempt), h('span', { className: 'muted' }, attempt.kind),
      h('span', { className: 'status ' + (ok ? 'ok' : 'bad') }, attempt.status !== undefined ? String(attempt.status) : attempt.error),
      h('span', { className: 'muted' }, attempt.latencyMs + ' ms'), h('span', { className: 'muted' }, new Date(attempt.at).toLocaleTimeString())),
    answer ? h('div', { className: 'answer' },
      h('div', { className: 'muted' }, 'Answer: ' + answer.bodyBytes + ' bytes' + (answer.truncated ? ', truncated' : '')),
      h('pre', { className: 'answer-body' }, answer.body === '' ? '(empty body)' : pretty(answer.body))) : null,
    answer ? disclosure(key + ':answer-headers', 'Answer headers', h('pre', {}, headersText(answer.headers))) : null,
    disclosure(key + ':request', 'Request', h('pre', {}, 'POST ' + attempt.request.url + '\n' + headersText(attempt.request.headers) + '\n\n' + pretty(attempt.request.body))));
}

function renderDelivery(delivery) {
  return h('div', { className: 'delivery', 'data-delivery-id': delivery.deliveryId, 'data-state': delivery.state },
    h('div', { className: 'head' },
      delivery.sender === 'neynar' ? h('span', { className: 'badge' }, 'Neynar') : null,
      h('strong', {}, delivery.eventName),
      h('span', { className: 'state ' + delivery.state }, delivery.state),
      h('span', { className: 'mono muted grow' }, delivery.endpoint),
      h('span', { className: 'muted' }, faultText(delivery.faults)),
      h('button', { className: 'secondary replay', disabled: delivery.state === 'pending', onclick: () => replay(delivery.deliveryId) }, 'Replay')),
    h('div', { className: 'mono muted' }, 'delivery ' + delivery.deliveryId + ' · webhook ' + delivery.webhookId + ' · ' + new Date(delivery.createdAt).toLocaleTimeString()),
    delivery.attempts.length === 0 ? h('div', { className: 'empty' }, 'No attempt yet.') : delivery.attempts.map((attempt) => renderAttempt(delivery, attempt)));
}
`;
