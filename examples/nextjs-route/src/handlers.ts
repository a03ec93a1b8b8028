import type { WebhookEvent } from '@social-webhooks/core';

/** Where the route's handlers report; a test replaces it. Default: `console.log`. */
export const events = { log: (line: string) => console.log(line) };

export function onFollowCreated(event: WebhookEvent<'follow.created'>, request: Request): void {
  events.log(`follow.created: ${event.data.followerProfileId} -> ${event.data.followingProfileId} (${new URL(request.url).pathname})`);
}

export function onProfileUpdated(event: WebhookEvent<'profile.updated'>): void {
  events.log(`profile.updated: user ${event.data.userId}`);
}
