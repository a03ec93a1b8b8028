import type {
  TradeWebhookPayload,
  WebhookCastCreated,
  WebhookCastDeleted,
  WebhookFollowCreated,
  WebhookFollowDeleted,
  WebhookReactionCreated,
  WebhookReactionDeleted,
  WebhookUserCreated,
  WebhookUserUpdated,
} from '@neynar/nodejs-sdk';
// The models are not re-exported from the package root; Neynar's own guides import them from here.
import type { Cast, CastDehydrated, User, UserDehydrated } from '@neynar/nodejs-sdk/build/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { EventMap, Sender } from '../packages/core/src/senders/sender.js';
import type {
  NeynarCast,
  NeynarCastDehydrated,
  NeynarDeliveryBody,
  NeynarEvent,
  NeynarEventPayloads,
  NeynarEvents,
  NeynarUser,
  NeynarUserDehydrated,
} from '../packages/core/src/senders/neynar/types.js';

// Every body the SDK's types describe must parse (our schemas keep identity fields required and
// the rest optional and nullable), so every SDK type must be assignable to ours. These lines are
// checked by `pnpm typecheck`, which type-checks the tests.

describe("the Neynar SDK's webhook bodies (3.177.0, build/types/webhooks.d.ts)", () => {
  it("each event's data is assignable to our data type for that event", () => {
    expectTypeOf<WebhookCastCreated['data']>().toExtend<NeynarEventPayloads['cast.created']>();
    expectTypeOf<WebhookCastDeleted['data']>().toExtend<NeynarEventPayloads['cast.deleted']>();
    expectTypeOf<WebhookUserCreated['data']>().toExtend<NeynarEventPayloads['user.created']>();
    expectTypeOf<WebhookUserUpdated['data']>().toExtend<NeynarEventPayloads['user.updated']>();
    expectTypeOf<WebhookFollowCreated['data']>().toExtend<NeynarEventPayloads['follow.created']>();
    expectTypeOf<WebhookFollowDeleted['data']>().toExtend<NeynarEventPayloads['follow.deleted']>();
    expectTypeOf<WebhookReactionCreated['data']>().toExtend<NeynarEventPayloads['reaction.created']>();
    expectTypeOf<WebhookReactionDeleted['data']>().toExtend<NeynarEventPayloads['reaction.deleted']>();
    expectTypeOf<TradeWebhookPayload['data']>().toExtend<NeynarEventPayloads['trade.created']>();
  });

  it('each whole body is assignable to our delivery body, but the trade body, which has no created_at', () => {
    expectTypeOf<WebhookCastCreated>().toExtend<NeynarDeliveryBody<'cast.created'>>();
    expectTypeOf<WebhookUserUpdated>().toExtend<NeynarDeliveryBody<'user.updated'>>();
    expectTypeOf<WebhookFollowDeleted>().toExtend<NeynarDeliveryBody<'follow.deleted'>>();
    expectTypeOf<WebhookReactionCreated>().toExtend<NeynarDeliveryBody<'reaction.created'>>();
    expectTypeOf<TradeWebhookPayload>().not.toExtend<NeynarDeliveryBody<'trade.created'>>();
    expectTypeOf<TradeWebhookPayload & { created_at: number }>().toExtend<NeynarDeliveryBody<'trade.created'>>();
  });

  it("a value typed as the SDK's model is accepted where ours is", () => {
    const accept = <T>(value: T): T => value;
    const fromSdk = (cast: Cast, user: User, dehydrated: UserDehydrated, reacted: CastDehydrated) => {
      accept<NeynarCast>(cast);
      accept<NeynarUser>(user);
      accept<NeynarUser>(cast.author);
      accept<NeynarUserDehydrated>(dehydrated);
      accept<NeynarCastDehydrated>(reacted);
    };
    expectTypeOf(fromSdk).toBeFunction();
  });
});

describe('our Neynar types', () => {
  it('name the documented fields only, so a misspelled one does not compile', () => {
    const read = (cast: NeynarCast, user: NeynarUser) => [
      cast.author.fid,
      user.profile?.bio?.text,
      // @ts-expect-error: the field is `display_name`
      user.displayName,
      // @ts-expect-error: the field is `mentioned_profiles`
      cast.mentioned_users,
      // @ts-expect-error: the field is `reactions.likes_count`
      cast.reactions?.like_count,
    ];
    expectTypeOf(read).toBeFunction();
  });

  it('type the identity fields as required and reaction_type as 1 | 2', () => {
    expectTypeOf<NeynarCast['hash']>().toEqualTypeOf<string>();
    expectTypeOf<NeynarCast['author']['fid']>().toEqualTypeOf<number>();
    expectTypeOf<NeynarEventPayloads['follow.created']['target_user']['fid']>().toEqualTypeOf<number>();
    expectTypeOf<NeynarEventPayloads['reaction.created']['reaction_type']>().toEqualTypeOf<1 | 2>();
    expectTypeOf<NeynarEventPayloads['trade.created']['transaction']['hash']>().toEqualTypeOf<string>();
  });

  it('narrow the data by the event name', () => {
    const describeEvent = (event: NeynarEvent): string => {
      switch (event.eventName) {
        case 'cast.created':
        case 'cast.deleted':
          return event.data.hash;
        case 'follow.deleted':
          expectTypeOf(event.data.object).toEqualTypeOf<'follow' | 'unfollow' | null | undefined>();
          return String(event.data.target_user.fid);
        case 'trade.created':
          return event.data.transaction.hash;
        default:
          // @ts-expect-error: no other event's data has a hash
          return event.data.hash;
      }
    };
    expectTypeOf(describeEvent).toBeFunction();
    expectTypeOf<NeynarEvent<'user.updated'>['createdAt']>().toEqualTypeOf<number | undefined>();
  });

  it("are an event map a sender can be typed with, keyed by Neynar's event names", () => {
    expectTypeOf<NeynarEvents>().toExtend<EventMap>();
    expectTypeOf<Sender<NeynarEvents>['eventNames'][number]>().toEqualTypeOf<keyof NeynarEventPayloads>();
    expectTypeOf<NeynarEvents['reaction.deleted']>().toEqualTypeOf<NeynarEvent<'reaction.deleted'>>();
  });
});
