// For adapters on Node.js streams (`http.IncomingMessage`): kept out of the main entry, which runs
// anywhere. The reader itself needs no Node.js types.
export { readNodeStream, type NodeReadableLike } from './read-node-stream.js';
