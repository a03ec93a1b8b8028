import { createMiniAppSigner, type MiniAppSigner, type OnChainSignerEvent } from '@social-webhooks/core/samples';

/**
 * The app keys the emulator holds as a Farcaster client: one per user and client (`fid`, `appFid`),
 * made on first use, as a client registers an app key for a user before it signs anything for them.
 * The emulator's hub route lists them, so `verifyAppKeyWithHub({ hubUrl: emulator.url })` finds them.
 * Private keys stay in this process: they are neither logged nor written to the state file.
 */
export class MiniAppKeys {
  readonly #signers = new Map<string, Promise<MiniAppSigner>>();
  /** The keys made so far, by user, then by client: what the hub lists. */
  readonly #listed = new Map<number, Map<number, MiniAppSigner>>();

  /** The user's key from the client `appFid`, made on first use. */
  signerFor(fid: number, appFid: number): Promise<MiniAppSigner> {
    const id = `${fid}:${appFid}`;
    const known = this.#signers.get(id);
    if (known !== undefined) return known;
    const made: Promise<MiniAppSigner> = createMiniAppSigner({ fid, appFid }).then((signer) => {
      // Listed only if it was not removed while it was being made.
      if (this.#signers.get(id) === made) this.#clientsOf(fid).set(appFid, signer);
      return signer;
    });
    this.#signers.set(id, made);
    return made;
  }

  /** The user's keys as a hub's `onChainSignersByFid` lists them: none for a user the emulator never signed for. */
  events(fid: number): OnChainSignerEvent[] {
    return [...(this.#listed.get(fid)?.values() ?? [])].map((signer) => signer.signerEvent);
  }

  /** Removes the user's keys, from every client, as a removal on chain would: the hub no longer lists them; answers how many. */
  remove(fid: number): number {
    for (const id of this.#signers.keys()) if (id.startsWith(`${fid}:`)) this.#signers.delete(id);
    const removed = this.#listed.get(fid)?.size ?? 0;
    this.#listed.delete(fid);
    return removed;
  }

  #clientsOf(fid: number): Map<number, MiniAppSigner> {
    let clients = this.#listed.get(fid);
    if (clients === undefined) this.#listed.set(fid, (clients = new Map()));
    return clients;
  }
}
