const encoder = new TextEncoder();

/**
 * Whether the request carries `Authorization: Bearer <token>`, compared in constant time: the
 * SHA-256 digests of both are compared byte by byte, so neither the length nor the first wrong byte
 * shows in the time taken.
 */
export async function hasBearer(request: Request, token: string): Promise<boolean> {
  const given = request.headers.get('authorization') ?? '';
  const [a, b] = await Promise.all([digest(given), digest(`Bearer ${token}`)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}
