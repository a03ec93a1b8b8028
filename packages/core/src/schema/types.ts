import type { z } from 'zod';
import type { EventName } from './event-names.js';
import type { Documented } from './documented.js';
import type { followPayloadSchema, profilePayloadSchema } from './schemas.js';

/**
 * What a `profile.created` or `profile.updated` delivery carries: the documented fields only, so a
 * misspelled one does not compile. Fields the service adds stay on the object at run time; read
 * them through `withUnknownFields(event.data)`.
 */
export type ProfilePayload = Documented<z.output<typeof profilePayloadSchema>>;

/**
 * What a `follow.created` or `follow.deleted` delivery carries: the documented fields only, so a
 * misspelled one does not compile. Fields the service adds stay on the object at run time; read
 * them through `withUnknownFields(event.data)`.
 */
export type FollowPayload = Documented<z.output<typeof followPayloadSchema>>;

/** The payload type of each event name. */
export interface EventPayloads {
  'profile.created': ProfilePayload;
  'profile.updated': ProfilePayload;
  'follow.created': FollowPayload;
  'follow.deleted': FollowPayload;
}

/**
 * A validated delivery. A union over the event names, so `switch (event.eventName)` narrows `data`.
 * `WebhookEvent<'follow.created'>` is the one member.
 */
export type WebhookEvent<Name extends EventName = EventName> = {
  [N in Name]: { readonly eventName: N; readonly data: EventPayloads[N] };
}[Name];

/** A delivery whose event name is none of the documented ones; its data is not validated. */
export interface UnknownWebhookEvent {
  readonly eventName: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * An event as every sender hands it to the pipeline: its name and its JSON object. A sender may add
 * fields of its own beside them (Neynar's `createdAt`); the pipeline reads only these two.
 */
export interface AnyEvent {
  readonly eventName: string;
  readonly data: Readonly<Record<string, unknown>>;
}
