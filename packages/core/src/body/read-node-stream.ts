import type { BodyContent } from '../delivery.js';
import { concatChunks } from './concat-chunks.js';

/**
 * The part of a Node.js readable stream (an `http.IncomingMessage`) the reader uses, described here
 * so the core needs no Node.js types and runs anywhere.
 */
export interface NodeReadableLike {
  readonly readableEnded: boolean;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's own signature; any listener may be removed.
  off(event: string, listener: (...args: any[]) => void): unknown;
  resume(): unknown;
}

/**
 * Reads a Node.js request stream to its end, or stops at `limit` bytes: past it, the rest is left
 * for Node to discard, so the connection stays usable for the 413. Rejects when the client goes away
 * before the body ended.
 */
export function readNodeStream(stream: NodeReadableLike, limit: number): Promise<BodyContent> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const onData = (chunk: Uint8Array) => {
      total += chunk.byteLength;
      if (total > limit) {
        cleanup();
        stream.resume();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    // The listeners are left in place once the body ended: none fires again but 'close', which
    // then finds the stream ended, and the stream goes with its request: four removals fewer on
    // every delivery. A body past the limit or a failed one still removes them.
    const onEnd = () => resolve({ kind: 'bytes', bytes: concatChunks(chunks, total) });
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      if (!stream.readableEnded) onError(new Error('The client closed the connection before the body ended.'));
    };
    function cleanup() {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
