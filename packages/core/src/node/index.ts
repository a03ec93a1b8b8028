// For adapters on Node.js streams (`http.IncomingMessage`): kept out of the main entry, which runs
// anywhere. The reader itself needs no Node.js types.
export { readNodeStream, type NodeReadableLike } from '../body/read-node-stream.js';
// On @hono/node-server, Node's own request in a `fetch` handler's second argument, while unread.
export { nodeHeader, untouchedNodeIncoming, type NodeIncoming } from '../body/node-server-incoming.js';
