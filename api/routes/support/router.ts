/** POST /api/contact and POST /api/issue-reports: stored submissions, rate limited per IP. */
import Router from '@koa/router';
import { contactMessageSchema, issueReportSchema } from '../../../shared/schemas/support';
import { contactMessageCreator } from '../../commands/contactMessageCreator';
import { issueReportCreator } from '../../commands/issueReportCreator';
import { type AppServices } from '../../context';
import { validated } from '../../middleware/validate';

/** A person writes a handful of messages an hour; more from one address is a flood. */
export const SUPPORT_FORM_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

export function supportRouter(services: AppServices): Router {
  const router = new Router();
  const { dataSource, mailer, logger, rateLimiter } = services;

  router.post(
    '/contact',
    rateLimiter.middleware({ name: 'contact', ...SUPPORT_FORM_LIMIT }),
    validated({ body: contactMessageSchema }, async (ctx, { body }) => {
      const message = await contactMessageCreator({ input: body, dataSource, mailer, logger });
      ctx.status = 201;
      ctx.body = { id: message.id };
    }),
  );

  router.post(
    '/issue-reports',
    rateLimiter.middleware({ name: 'issue-report', ...SUPPORT_FORM_LIMIT }),
    validated({ body: issueReportSchema }, async (ctx, { body }) => {
      const report = await issueReportCreator({ input: body, dataSource, mailer, logger });
      ctx.status = 201;
      ctx.body = { id: report.id };
    }),
  );

  return router;
}
