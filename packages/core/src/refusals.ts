import { failure, type ReceiveResult } from './result.js';

/** The refusals that carry no detail of the delivery, one per check of the receive path. */
export interface Refusals {
  readonly headerMissing: ReceiveResult;
  readonly headerMismatch: ReceiveResult;
  readonly unsupportedMediaType: ReceiveResult;
  readonly tooLarge: ReceiveResult;
  readonly unreadable: ReceiveResult;
  readonly bodyUnavailable: ReceiveResult;
}

/**
 * Builds those refusals once per receiver, frozen, rather than serialising the same JSON on every
 * delivery: a forged delivery (401) then costs the header comparison and little else.
 */
export function createRefusals(header: string, maxBodyBytes: number): Refusals {
  return {
    headerMissing: fixed(failure('header_missing', `The ${header} header is missing.`)),
    headerMismatch: fixed(failure('header_mismatch', `The ${header} header does not match a configured secret.`)),
    unsupportedMediaType: fixed(failure('unsupported_media_type', 'The content-type must be application/json.')),
    tooLarge: fixed(failure('payload_too_large', `The body is larger than the limit of ${maxBodyBytes} bytes (the maxBodyBytes option).`)),
    // The client went away or sent a broken stream; nobody is left to read a detailed answer.
    unreadable: fixed(failure('invalid_json', 'The body could not be read completely.')),
    bodyUnavailable: fixed(
      failure(
        'body_unavailable',
        'The request body was consumed before the webhook handler ran. Mount the handler before body parsers.',
      ),
    ),
  };
}

function fixed(result: ReceiveResult): ReceiveResult {
  return Object.freeze(result);
}
