// For node:http, Connect and Express: kept out of the main entry, which runs anywhere.
export { openListener, type OpenListener } from './open-listener.js';
