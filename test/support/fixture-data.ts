// The fixtures the conformance rows send, as static JSON imports, so the rows load on every runtime
// (workerd has no file system). support/fixtures.ts reads the others from disk.
import envelopeFollowCreated from '../fixtures/deliveries/envelope-follow-created.json' with { type: 'json' };
import envelopeProfileUpdated from '../fixtures/deliveries/envelope-profile-updated.json' with { type: 'json' };
import flatFollowCreated from '../fixtures/deliveries/flat-follow-created.json' with { type: 'json' };
import flatProfileUpdated from '../fixtures/deliveries/flat-profile-updated.json' with { type: 'json' };
import follow from '../fixtures/payloads/follow.json' with { type: 'json' };
import profile from '../fixtures/payloads/profile.json' with { type: 'json' };

export type JsonObject = Record<string, unknown>;

export const followPayload: JsonObject = follow;
export const profilePayload: JsonObject = profile;

/** The files of fixtures/deliveries by name. */
export const deliveries: Readonly<Record<string, JsonObject>> = {
  'envelope-follow-created.json': envelopeFollowCreated,
  'envelope-profile-updated.json': envelopeProfileUpdated,
  'flat-follow-created.json': flatFollowCreated,
  'flat-profile-updated.json': flatProfileUpdated,
};
