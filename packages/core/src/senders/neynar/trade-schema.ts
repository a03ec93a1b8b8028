import * as z from 'zod/mini';
import type { FieldSchemas } from '../../schema/field-schemas.js';
import type { UserSchemas } from './user-schema.js';

/**
 * Builds the schema of a `trade.created` delivery's data (`@neynar/nodejs-sdk` 3.177.0,
 * `build/types/webhooks.d.ts`, `TradeWebhookPayload` and `FungibleBalance`). Called once, by
 * `neynarSchemas()`.
 *
 * A trade's identity is its transaction's `hash`, required. The SDK types the `trader` as
 * `UserDehydrated | null`, so it cannot be one: optional and nullable here, with a `fid` when present.
 */
export function buildTradeSchema({ integer, text }: FieldSchemas, { userDehydrated, decimal }: UserSchemas) {
  const fungibleBalance = z.looseObject({
    object: text,
    token: z.nullish(
      z.looseObject({
        object: text,
        address: text,
        decimals: integer,
        symbol: text,
        name: text,
        image_url: text,
        // A decimal string: a token's supply overflows a double.
        total_supply: text,
      }),
    ),
    balance: z.nullish(z.looseObject({ in_usd: decimal, in_token: text })),
  });

  return z.looseObject({
    object: z.nullish(z.literal('trade')),
    trader: z.nullish(userDehydrated),
    pool: z.nullish(z.looseObject({ object: text, address: text, protocol_family: text, protocol_version: text })),
    transaction: z.looseObject({
      hash: z.string(),
      network: z.nullish(z.looseObject({ object: text, name: text })),
      net_transfer: z.nullish(
        z.looseObject({ object: text, receiving_fungible: z.nullish(fungibleBalance), sending_fungible: z.nullish(fungibleBalance) }),
      ),
    }),
  });
}
