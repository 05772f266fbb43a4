/**
 * POST /api/webhooks/payments: the payment provider's signed notifications (checkouts completed or
 * expired, payments refunded or disputed). A bad or missing signature or a stale timestamp is a 401
 * and nothing happens; a repeat is a 200 and nothing happens again; an event we cannot apply yet
 * (unknown deposit, a reversal before its deposit was credited) is a 4xx, so the provider retries.
 * It is exempt from the same-origin check (the provider is not a browser).
 */
import Router from '@koa/router';
import { depositSettler } from '../../commands/depositSettler';
import { type AppServices } from '../../context';
import { HttpError } from '../../errors';
import { WebhookVerificationError } from '../../payments/gateway';

export function webhooksRouter({ dataSource, payments, logger }: AppServices): Router {
  const router = new Router();

  router.post('/webhooks/payments', async (ctx) => {
    const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
    let event;
    try {
      event = payments.verifyWebhook(rawBody, ctx.headers as Record<string, string | undefined>);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      logger.warn({ reason: error.message }, 'payment webhook refused');
      throw new HttpError(401, 'invalid_signature', 'The webhook signature could not be verified');
    }
    const outcome = await depositSettler({ event, dataSource });
    logger.info({ eventId: event.eventId, outcome }, 'payment webhook');
    ctx.body = { received: true, outcome };
  });

  return router;
}
