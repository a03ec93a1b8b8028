import { z } from 'zod';

// The schemas most payload fields share. `createFastParse` knows each of them by identity and
// checks it by hand, so a change here must be mirrored there (its tests compare the two).

// Identity fields are strings, but some of the service's filter docs type them as Int (docs/contract.md §Events):
// accept an integer and hand it on as a string, so handlers see one type.
export const identifier = z.union([z.string(), z.int().transform(String)]);

// The docs disagree with themselves on most fields (docs/contract.md §Events), so every field but the identity ones
// is optional and may be null. Unknown fields are kept (`looseObject`): the service adds fields.
export const text = z.string().nullish();
export const integer = z.int().nullish();
export const flag = z.boolean().nullish();
