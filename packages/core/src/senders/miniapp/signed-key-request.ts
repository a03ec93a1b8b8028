const WORD = 32;

/**
 * The `requestFid` of a hub signer's metadata: the ABI encoding (Solidity `abi.encode`) of one
 * `SignedKeyRequest(uint256 requestFid, address requestSigner, bytes signature, uint256 deadline)`,
 * the tuple Farcaster's SignedKeyRequestValidator checks when a key is added, and the reference
 * decodes with `ox` (`@farcaster/miniapp-node` 0.2.0, `farcaster.js`). The tuple holds `bytes`, so
 * it is dynamic: the first word is the offset of the tuple, whose first word is `requestFid`; its
 * third is the offset of `signature` from the tuple's start. Read by hand, as the rest of the core
 * reads bytes: no ABI library for one number.
 *
 * @throws {Error} when the bytes are not such a tuple (an offset or a length past the end), or the
 *   FID is above 2^53 - 1, which a JavaScript number cannot hold exactly.
 */
export function decodeRequestFid(metadata: Uint8Array): number {
  const tuple = readOffset(metadata, 0, 0);
  if (tuple + 4 * WORD > metadata.byteLength) throw new Error('the signer metadata is shorter than a SignedKeyRequest');
  // The signature's bytes must lie within the data: a length word, then the bytes, padded to words.
  const signature = readOffset(metadata, tuple + 2 * WORD, tuple);
  const length = readOffset(metadata, signature, 0);
  if (signature + WORD + length > metadata.byteLength) throw new Error("the signer metadata's signature runs past its end");
  const fid = readUint(metadata, tuple);
  if (fid > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('the requestFid of the signer metadata is larger than 2^53 - 1');
  return Number(fid);
}

/** The word at `at` read as an offset from `base`, checked to lie within the data. */
function readOffset(bytes: Uint8Array, at: number, base: number): number {
  if (at + WORD > bytes.byteLength) throw new Error('the signer metadata ends inside a word');
  const value = readUint(bytes, at);
  if (value > BigInt(bytes.byteLength)) throw new Error('an offset of the signer metadata points past its end');
  return base + Number(value);
}

/** The big-endian unsigned 256-bit word at `at`. */
function readUint(bytes: Uint8Array, at: number): bigint {
  let value = 0n;
  for (let index = at; index < at + WORD; index++) value = (value << 8n) | BigInt(bytes[index]!);
  return value;
}
