/**
 * `abi.encode(SignedKeyRequest(requestFid, requestSigner, signature, deadline))`, by hand: the
 * metadata a hub returns for a signer (base64 in `signerEventBody.metadata`). For tests, and for a
 * local hub that answers `verifyAppKeyWithHub`.
 */
export function encodeSignedKeyRequest(requestFid: bigint, signature = new Uint8Array(65).fill(7), deadline = 1_900_000_000n): Uint8Array {
  const word = (value: bigint) => Uint8Array.from({ length: 32 }, (_, index) => Number((value >> BigInt(8 * (31 - index))) & 0xffn));
  const padded = new Uint8Array(Math.ceil(signature.length / 32) * 32);
  padded.set(signature);
  const signer = 0x00000000fcd2cd8b6a0a96e4c7b0d6a0e5b36d9cn;
  // The outer offset, then the tuple's head (signature's offset from the tuple: 4 words), then its tail.
  const parts = [word(32n), word(requestFid), word(signer), word(128n), word(deadline), word(BigInt(signature.length)), padded];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
