// zod/mini: functions instead of methods, so a bundler keeps only the checks used here (the classic
// `z` namespace pulls all of zod into a Worker bundle, about 90 KB gzipped).
import * as z from 'zod/mini';
import { englishIssue } from './english-issues.js';

/**
 * The shared field schemas. The checks generated from the payload schemas (generated/, by
 * scripts/generate-checks.ts) check a field built from them as zod does: `identifier` as a union of a
 * string and an integer handed on as a string, the others as any `z.nullish` string, integer or
 * boolean; the property tests in generated/*.test.ts compare them with zod on long strings and edge numbers.
 */
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
const buildIdentifier = () => z.union([z.string(), z.pipe(z.int(), z.transform(String))]);

// The docs disagree with themselves on most fields (docs/contract.md §Events), so every field but the identity ones
// is optional and may be null. Unknown fields are kept (`looseObject`): the service adds fields.
const buildText = () => z.nullish(z.string());
const buildInteger = () => z.nullish(z.int());
const buildFlag = () => z.nullish(z.boolean());
