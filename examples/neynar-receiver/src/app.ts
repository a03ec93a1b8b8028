import express, { type Express } from 'express';
import { neynarSender, webhookHandler, type NeynarEvent, type NeynarSecretsOption } from '@social-webhooks/express';

export interface AppOptions {
  /** The webhook's secret, or several while a rotation is under way (Neynar's `webhook.secrets`). */
  readonly secrets: NeynarSecretsOption;
  /** Where each handled event is reported. Default: `console.log`. */
  readonly log?: (line: string, event: NeynarEvent) => void;
}

/**
 * The example receiver: Neynar's webhook route, then the app's own JSON API. The order matters:
 * the signature covers the body's bytes, and `express.json()` mounted first would parse them away
 * (the receiver would answer 500 `body_unavailable`), so the webhook route comes before it.
 */
export function createApp({ secrets, log = (line) => console.log(line) }: AppOptions): Express {
  const app = express();
  app.post(
    '/webhook',
    webhookHandler({
      sender: neynarSender({ secrets }),
      on: {
        'cast.created': (event) =>
          log(`cast.created: @${event.data.author.username ?? event.data.author.fid}: ${event.data.text ?? ''}`, event),
        'cast.deleted': (event) => log(`cast.deleted: ${event.data.hash}`, event),
        'user.created': (event) => log(`user.created: fid ${event.data.fid} (@${event.data.username ?? '?'})`, event),
        'user.updated': (event) => log(`user.updated: fid ${event.data.fid}`, event),
        'follow.created': (event) => log(`follow.created: ${event.data.user.fid} follows ${event.data.target_user.fid}`, event),
        'follow.deleted': (event) => log(`follow.deleted: ${event.data.user.fid} unfollowed ${event.data.target_user.fid}`, event),
        'reaction.created': (event) =>
          log(
            `reaction.created: ${event.data.user.fid} ${event.data.reaction_type === 1 ? 'liked' : 'recast'} ${event.data.cast.hash}`,
            event,
          ),
        'reaction.deleted': (event) =>
          log(`reaction.deleted: ${event.data.user.fid} took back a reaction to ${event.data.cast.hash}`, event),
        'trade.created': (event) => log(`trade.created: fid ${event.data.trader?.fid ?? '?'} in ${event.data.transaction.hash}`, event),
      },
    }),
  );
  // The app's own routes, with their JSON parser, after the webhook route.
  app.use(express.json());
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.post('/echo', (req, res) => {
    res.json({ got: req.body as unknown });
  });
  return app;
}
