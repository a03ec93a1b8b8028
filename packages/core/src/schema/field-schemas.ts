// zod/mini: functions instead of methods, so a bundler keeps only the checks used here (the classic
// `z` namespace pulls all of zod into a Worker bundle, about 90 KB gzipped).
import * as z from 'zod/mini';
import { englishIssue } from './english-issues.js';

/**
 * The hand check `createFastParse` makes in place of a shared field schema, named in the schema's
 * own registration below, so the schema and what stands in for it are read on one line. A schema
 * derived from one of these (`z.nullish(...)` around it, a `.check(...)`) is a new schema, not registered: it goes through zod.
 * A change to one of these lines must change the check of the same name in fast-parse.ts; the
 * property tests in fast-parse.test.ts compare the two on long strings and edge numbers.
 */
export type HandCheck = 'text' | 'integer' | 'flag' | 'identifier';

/** The shared field schemas that have a hand check, with its name. */
export const handChecks = z.registry<{ readonly handCheck: HandCheck }>();

/** The shared field schemas, each registered with its hand check. */
export interface FieldSchemas {
  readonly identifier: ReturnType<typeof buildIdentifier>;
  readonly text: ReturnType<typeof buildText>;
  readonly integer: ReturnType<typeof buildInteger>;
  readonly flag: ReturnType<typeof buildFlag>;
}

let built: FieldSchemas | undefined;

/**
 * The shared field schemas, built on first use (with the payload schemas, schemas.ts says why).
 * Building them installs English messages first: zod/mini carries none (every issue reads
 * "Invalid input"); the classic API installed its whole `en` locale on import. These are its wording
 * for the issues the library's schemas raise (english-issues.ts). They name types, never the received
 * value, so `invalid_payload` answers quote them. Left alone when the app configured a locale of its own.
 */
export function fieldSchemas(): FieldSchemas {
  if (built === undefined) {
    if (z.config().localeError === undefined) z.config({ localeError: englishIssue });
    built = { identifier: buildIdentifier(), text: buildText(), integer: buildInteger(), flag: buildFlag() };
  }
  return built;
}

// Identity fields are strings, but some of the service's filter docs type them as Int (docs/contract.md §Events):
// accept an integer and hand it on as a string, so handlers see one type.
// By hand: a string passes as it is; anything else (an integer to convert) goes through the schema.
const buildIdentifier = () => z.union([z.string(), z.pipe(z.int(), z.transform(String))]).register(handChecks, { handCheck: 'identifier' });

// The docs disagree with themselves on most fields (docs/contract.md §Events), so every field but the identity ones
// is optional and may be null. Unknown fields are kept (`looseObject`): the service adds fields.
const buildText = () => z.nullish(z.string()).register(handChecks, { handCheck: 'text' }); // by hand: undefined, null or any string
const buildInteger = () => z.nullish(z.int()).register(handChecks, { handCheck: 'integer' }); // by hand: undefined, null or Number.isSafeInteger
const buildFlag = () => z.nullish(z.boolean()).register(handChecks, { handCheck: 'flag' }); // by hand: undefined, null or a boolean
