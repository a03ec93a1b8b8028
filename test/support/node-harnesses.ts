import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Controller, Module, Post, Req, RequestMethod, Res, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import connect from 'connect';
import Koa2 from 'koa2';
import Koa3 from 'koa3';
import type { EventMap, WebhookOptions } from '@social-webhooks/core';
import { webhookHandler } from '@social-webhooks/node';
import { listenWithFetch, PATH, type Harness, type Mounted } from './listen.js';

/** `webhookHandler` of @social-webhooks/node as the whole `node:http` server. */
export const nodeHttpHarness: Harness = {
  name: 'node:http',
  mount: async (options) => listenWithFetch(createServer(webhookHandler(options)).listen(0, '127.0.0.1')),
};

export const connectHarness: Harness = {
  name: 'Connect',
  async mount(options) {
    const app = connect();
    app.use(PATH, webhookHandler(options));
    return listenWithFetch(createServer(app).listen(0, '127.0.0.1'));
  },
};

/** As the README's Koa quickstart: Koa hands the response over (`ctx.respond = false`). */
export function koaHarness(name: string, Koa: typeof Koa2 | typeof Koa3): Harness {
  return {
    name,
    async mount(options) {
      const receive = webhookHandler(options);
      const app = new Koa();
      // Koa reports a client that went away mid-body on stderr through app.onerror; the suite checks
      // the outcome instead.
      app.silent = true;
      app.use(async (ctx, next) => {
        if (ctx.path !== PATH || ctx.method !== 'POST') return next();
        ctx.respond = false;
        await receive(ctx.req, ctx.res);
      });
      return listenWithFetch(app.listen(0, '127.0.0.1'));
    },
  };
}

/**
 * As the README's NestJS quickstart: middleware on the Express platform. With `bodyParser` on
 * (Nest's default), Nest's JSON parser has read the body before any middleware runs; with `rawBody`
 * it keeps the bytes too, which is what a signature over the bytes needs.
 */
export function nestHarness(name: string, parser: 'off' | 'json' | 'json+bytes', only?: Harness['senders']): Harness {
  return {
    name,
    ...(parser !== 'off' && { parsesFirst: parser }),
    ...(only !== undefined && { senders: only }),
    async mount(options: WebhookOptions<unknown, EventMap>): Promise<Mounted> {
      const receive = webhookHandler(options);
      class WebhookModule implements NestModule {
        configure(consumer: MiddlewareConsumer): void {
          consumer.apply(receive).forRoutes({ path: PATH.slice(1), method: RequestMethod.POST });
        }
      }
      // `@Module({})` without the decorator syntax: the suite compiles without experimentalDecorators.
      Module({})(WebhookModule);
      const app = await NestFactory.create(WebhookModule, {
        bodyParser: parser !== 'off',
        rawBody: parser === 'json+bytes',
        logger: false,
      });
      await app.listen(0, '127.0.0.1');
      const mounted = await listenWithFetch(app.getHttpServer() as Server);
      return { ...mounted, close: () => app.close() };
    },
  };
}

/** The listener called from a controller route with `@Req()` and `@Res()`, after Nest's JSON parser. */
export const nestControllerHarness: Harness = {
  name: 'NestJS controller route (@Req, @Res)',
  parsesFirst: 'json',
  async mount(options) {
    const receive = webhookHandler(options);
    class WebhookController {
      handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
        return receive(req, res);
      }
    }
    // The decorators applied by hand, as the legacy decorator syntax would apply them.
    const { prototype } = WebhookController;
    Req()(prototype, 'handle', 0);
    Res()(prototype, 'handle', 1);
    Post(PATH.slice(1))(prototype, 'handle', Object.getOwnPropertyDescriptor(prototype, 'handle')!);
    Controller()(WebhookController);
    // eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a Nest module is a class that holds only metadata.
    class ControllerModule {}
    Module({ controllers: [WebhookController] })(ControllerModule);
    const app = await NestFactory.create(ControllerModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    const mounted = await listenWithFetch(app.getHttpServer() as Server);
    return { ...mounted, close: () => app.close() };
  },
};

export const nodeHarnesses: Harness[] = [
  nodeHttpHarness,
  connectHarness,
  koaHarness('Koa 2', Koa2),
  koaHarness('Koa 3', Koa3),
  nestHarness('NestJS (Express platform, bodyParser off)', 'off'),
  nestHarness('NestJS (Express platform, default bodyParser)', 'json'),
  // The founding rows' parser expectations predate it; a signature over the bytes is what needs it.
  nestHarness('NestJS (Express platform, rawBody: true)', 'json+bytes', ['neynar']),
  nestControllerHarness,
];
