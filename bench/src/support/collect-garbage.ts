import WebSocket from 'ws';

/**
 * Runs a full garbage collection in another Node process through its inspector (the process was
 * started with `--inspect=127.0.0.1:0`; `url` is the `ws://` address it printed), and resolves once
 * it is done. The load test measures memory after one, because V8 collects its old generation
 * lazily: without it, resident memory says when the last major collection happened, not whether
 * anything was kept.
 */
export function collectGarbage(url: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`the inspector at ${url} did not finish a garbage collection within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.close();
      if (error === undefined) resolve();
      else reject(error);
    };
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { id?: number; error?: { message: string } };
      if (message.id !== 1) return;
      finish(message.error === undefined ? undefined : new Error(`HeapProfiler.collectGarbage failed: ${message.error.message}`));
    });
    socket.once('error', (error) => finish(error));
  });
}
