/**
 * The page's frame, plain browser JavaScript run as is: the header (with the FID filter), two
 * columns, each with the senders' panels and the Mini App panels as two groups, and the rules
 * every list follows: "Loading…" until the first lists arrive, never "none" before knowing; the
 * Mini App group first while only Mini App traffic exists. Uses `h`, `state`, `render` and the
 * sections of the scripts that share its script element.
 */
export const PAGE_LAYOUT_SCRIPT = String.raw`
function layout() {
  const events = h('select', { id: 'event' });
  const fid = h('input', { type: 'number', id: 'fid-filter', min: '1', step: '1', placeholder: 'every fid', title: 'Show one user in the Mini App panels' });
  fid.addEventListener('input', () => { state.fid = /^[1-9][0-9]*$/.test(fid.value) ? Number(fid.value) : null; render(); });
  document.body.append(
    h('header', {},
      h('h1', {}, 'social-webhooks emulator'),
      h('span', { className: 'meta mono' }, config.url),
      h('span', { className: 'meta', id: 'senders' }),
      h('label', { className: 'meta', id: 'fid-filter-label' }, 'Mini App fid ', fid),
      h('span', { id: 'live' }, 'connecting…')),
    h('main', {},
      h('div', { className: 'column' },
        h('div', { className: 'group senders' },
          h('section', { id: 'publish' },
            h('h2', {}, 'Publish a sample event'),
            h('div', { className: 'muted', id: 'publish-senders' }),
            h('label', {}, 'Event ', events),
            h('label', {}, h('input', { type: 'checkbox', id: 'f-duplicate' }), ' deliver twice (duplicate)'),
            h('label', {}, h('input', { type: 'checkbox', id: 'f-outOfOrder' }), ' hold until the next one (out of order)'),
            h('label', {}, h('input', { type: 'checkbox', id: 'f-disconnect' }), ' cut the connection before the answer'),
            h('label', {}, 'delay ', h('input', { type: 'number', id: 'f-delayMs', min: '0', step: '100', value: '0' }), ' ms'),
            h('button', { id: 'publish-button', onclick: publish }, 'Publish'),
            h('div', { className: 'note', id: 'publish-note' })),
          h('section', {},
            h('h2', {}, h('span', { className: 'grow' }, 'Webhooks'), h('button', { className: 'secondary', id: 'all-webhooks', onclick: () => select(null) }, 'All')),
            h('div', { id: 'webhooks' })),
          h('section', {},
            h('h2', {}, h('span', { className: 'grow' }, 'Neynar webhooks')),
            h('div', { className: 'note', id: 'neynar-note' }),
            h('div', { id: 'neynar-webhooks' }))),
        h('div', { className: 'group miniapp' },
          miniAppSection(),
          h('section', { id: 'users-panel' }, h('h2', {}, 'Mini App users and tokens'), h('div', { id: 'users' })))),
      h('div', { className: 'column' },
        h('div', { className: 'group senders' },
          h('section', { id: 'deliveries-panel' },
            h('h2', {}, h('span', { className: 'grow', id: 'deliveries-title' }, 'Deliveries'),
              h('button', { className: 'secondary', id: 'replay-failed', onclick: replayFailed }, 'Replay failed')),
            h('div', { className: 'note', id: 'deliveries-note' }),
            h('div', { id: 'deliveries' }))),
        h('div', { className: 'group miniapp' },
          h('section', { id: 'refused-panel' }, h('h2', {}, 'Notifications refused'), h('div', { id: 'refused' })),
          h('section', { id: 'received-panel' }, h('h2', {}, 'Notifications received'), h('div', { id: 'received' })),
          h('section', { id: 'broadcasts-panel' }, h('h2', {}, 'Broadcasts'), h('div', { id: 'broadcasts' }), h('div', { id: 'timeline' })),
          h('section', { id: 'miniapp-deliveries-panel' }, h('h2', {}, 'Mini App deliveries'), h('div', { id: 'miniapp-deliveries' }))))));
}

// A list's nodes: "Loading…" before the first lists arrived, the empty text (or the filter's) when
// there is nothing, else each item rendered.
function listOrEmpty(items, emptyText, renderItem, filtered) {
  if (!state.loaded) return [h('div', { className: 'empty loading' }, 'Loading…')];
  if (items.length > 0) return items.map(renderItem);
  return [h('div', { className: 'empty' }, filtered && state.fid !== null ? 'Nothing for fid ' + state.fid + '.' : emptyText)];
}

// The Mini App group leads both columns while it is the only traffic: a Mini App developer who
// never used the other senders sees their app first. Nodes move only when the order changes, so
// a field being typed in keeps its focus.
function orderPanels() {
  const miniAppTraffic = state.miniAppDeliveries.length + state.received.length + state.refused.length > 0;
  const miniAppFirst = state.loaded && state.deliveries.size === 0 && miniAppTraffic;
  const main = document.querySelector('main');
  main.dataset.first = miniAppFirst ? 'miniapp' : 'senders';
  for (const column of main.children) {
    const group = column.querySelector('.group.miniapp');
    if (miniAppFirst && column.firstElementChild !== group) column.prepend(group);
    if (!miniAppFirst && column.lastElementChild !== group) column.append(group);
  }
}
`;
