import 'reflect-metadata';
import { Module, RequestMethod, type INestApplication, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { webhookHandler, type WebhookEvent } from '@social-webhooks/node';
import type { SecretOption } from '@social-webhooks/core';

export interface AppOptions {
  /** The header value(s) the service gave when the webhook(s) were created. */
  readonly secret: SecretOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string, event: WebhookEvent) => void;
}

/**
 * The example receiver: the webhook listener as Nest middleware on POST /webhook. Nest's JSON body
 * parser stays on for the app's other routes; `rawBody: true` makes it keep the original bytes,
 * which the listener reads, so the body limit holds and nothing is re-serialised.
 */
export async function createApp({ secret, log = (line) => console.log(line) }: AppOptions): Promise<INestApplication> {
  const receive = webhookHandler({
    secret,
    on: {
      'profile.created': (event) => log(`profile.created: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
      'profile.updated': (event) => log(`profile.updated: user ${event.data.userId} (${event.data.profileName ?? 'no name'})`, event),
      'follow.created': (event) => log(`follow.created: ${event.data.followerProfileId} now follows ${event.data.followingProfileId}`, event),
      'follow.deleted': (event) => log(`follow.deleted: ${event.data.followerProfileId} unfollowed ${event.data.followingProfileId}`, event),
    },
  });

  @Module({})
  class AppModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer.apply(receive).forRoutes({ path: 'webhook', method: RequestMethod.POST });
    }
  }

  const app = await NestFactory.create<NestExpressApplication>(AppModule, { rawBody: true, logger: ['error', 'warn'] });
  const http = app.getHttpAdapter();
  http.get('/health', (_req, res) => http.reply(res, { ok: true }, 200));
  return app;
}
