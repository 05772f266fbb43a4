/**
 * Web Push (docs/adr/0032-domain-events-sse-and-web-push.md): the server's public VAPID key, and the signed-in user's device
 * subscriptions (DELETE names the endpoint in `?endpoint=`). Endpoints must be on a known push
 * service (api/push/endpointPolicy.ts); one held by another user answers 409.
 */
import Router from '@koa/router';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/schemas/push';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { badRequest } from '../../errors';
import { requireUser } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { pushEndpointPolicy } from '../../push/endpointPolicy';
import { pushSubscriptionRemover, pushSubscriptionSaver } from '../../push/subscriptions';

export function pushRouter({ config, dataSource, push }: AppServices): Router {
  const router = new Router({ prefix: '/push' });
  const signedIn = requireUser(dataSource);
  const endpoints = pushEndpointPolicy(config);

  router.get('/public-key', (ctx) => {
    ctx.body = { publicKey: push.publicKey };
  });

  router.post(
    '/subscriptions',
    signedIn,
    validated({ body: pushSubscriptionSchema }, async (ctx, { body }) => {
      if (!endpoints.acceptsEndpoint(body.endpoint)) {
        throw badRequest('Not a push service URL', { endpoint: 'Not a push service URL' });
      }
      await pushSubscriptionSaver({ dataSource, userId: (ctx.state.user as User).id, subscription: body });
      ctx.status = 201;
      ctx.body = { subscribed: true };
    }),
  );

  router.delete(
    '/subscriptions',
    signedIn,
    validated({ query: pushUnsubscribeSchema }, async (ctx, { query }) => {
      const removed = await pushSubscriptionRemover({ dataSource, userId: (ctx.state.user as User).id, endpoint: query.endpoint });
      ctx.body = { removed };
    }),
  );

  return router;
}
