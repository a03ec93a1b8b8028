/**
 * The page's description of the senders, plain browser JavaScript run as is: the header names each
 * sender whose webhooks exist (how it signs), and Publish offers those senders' sample events (every
 * sender's while no webhook exists). Uses `h` and `state` of page-script.ts, which shares its script element.
 */
export const PAGE_SENDERS_SCRIPT = String.raw`
// The senders whose webhooks exist: what the header says of each, and whose events Publish offers.
function renderSenders() {
  const service = state.webhooks.length > 0;
  const neynar = state.neynarWebhooks.length > 0;
  const parts = [];
  if (service) parts.push('the service: ' + config.bodyForm + ' bodies, header ' + config.headerName);
  if (neynar) parts.push('Neynar: HMAC-SHA512 in ' + config.neynarHeader);
  if (state.miniAppDeliveries.length > 0) parts.push('Mini Apps: JSON Farcaster Signatures, hub at this address');
  document.getElementById('senders').textContent = !state.loaded ? 'loading…' : parts.length === 0 ? 'no webhook yet' : parts.join(' · ');
  const offered = service || neynar ? { service, neynar } : { service: true, neynar: true };
  const select = document.getElementById('event');
  const key = (offered.neynar ? 'neynar ' : '') + (offered.service ? 'service' : '');
  document.getElementById('publish-senders').textContent = !state.loaded ? 'Loading the webhooks…' : service || neynar ? 'For the webhooks that exist.' : 'No webhook yet: every sender’s events, which reach nobody until one exists.';
  if (select.dataset.offered === key) return;
  const previous = select.value;
  select.dataset.offered = key;
  select.replaceChildren(...[
    offered.neynar ? h('optgroup', { label: 'Neynar' }, config.neynarEventNames.map((name) => h('option', { value: 'neynar:' + name }, name))) : null,
    offered.service ? h('optgroup', { label: 'The service' }, config.eventNames.map((name) => h('option', { value: name }, name))) : null,
  ].filter(Boolean));
  if ([...select.options].some((option) => option.value === previous)) select.value = previous;
}
`;
