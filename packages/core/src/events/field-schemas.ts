// zod/mini: functions instead of methods, so a bundler keeps only the checks used here (the classic
// `z` namespace pulls all of zod into a Worker bundle, about 90 KB gzipped).
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini carries no messages (every issue reads "Invalid input"); the classic API installed
// English ones on import. They name types, never the received value, so `invalid_payload` answers
// quote them. Left alone when the app configured a locale of its own.
if (z.config().localeError === undefined) z.config(en());

// The schemas most payload fields share. `createFastParse` knows each of them by identity and
// checks it by hand, so a change here must be mirrored there (its tests compare the two).

// Identity fields are strings, but some of the service's filter docs type them as Int (SPEC §1):
// accept an integer and hand it on as a string, so handlers see one type.
export const identifier = z.union([z.string(), z.pipe(z.int(), z.transform(String))]);

// The docs disagree with themselves on most fields (SPEC §1), so every field but the identity ones
// is optional and may be null. Unknown fields are kept (`looseObject`): the service adds fields.
export const text = z.nullish(z.string());
export const integer = z.nullish(z.int());
export const flag = z.nullish(z.boolean());
