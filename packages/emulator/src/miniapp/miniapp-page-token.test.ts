import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator.js';

let emulator: Emulator;
let token: string;
beforeAll(async () => {
  emulator = await startEmulator();
  const page = await (await fetch(`${emulator.url}/`)).text();
  token = (JSON.parse(/<script id="config" type="application\/json">(.*?)<\/script>/s.exec(page)![1]!) as { token: string }).token;
});
afterAll(() => emulator.stop());

/** A GET with the page's token and the Host header given (fetch would not send another Host). */
function get(path: string, host: string, pageToken: string): Promise<number> {
  const { hostname, port } = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { host, 'x-emulator-page-token': pageToken } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    })
      .on('error', reject)
      .end();
  });
}

describe('the page’s token on the Mini App routes', () => {
  it('stands for the API key from the emulator’s own address only, so a rebound host name gets nothing', async () => {
    const own = new URL(emulator.url).host;
    expect(await get('/_emulator/miniapp/received', own, token)).toBe(200);
    expect(await get('/_emulator/miniapp/tokens', own, token)).toBe(200);
    expect(await get('/_emulator/miniapp/received', 'attacker.example:80', token)).toBe(401);
    expect(await get('/_emulator/miniapp/received', own, 'not-the-token')).toBe(401);
  });
});
