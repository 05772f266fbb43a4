/** The console's Audit log (admin): every recorded action, newest first, searchable, never editable. */
import Router from '@koa/router';
import { auditQuerySchema } from '../../../shared/schemas/staff';
import { type AppServices } from '../../context';
import { validated } from '../../middleware/validate';
import { presentAuditEntry } from '../../presenters/staffAudit';
import { auditPage } from '../../staff/auditTrail';
import { requireStaff } from '../../staff/session';

export function staffAuditRouter({ dataSource, staffSessions }: AppServices): Router {
  const router = new Router();
  router.get(
    '/audit',
    requireStaff(staffSessions, 'audit.read'),
    validated({ query: auditQuerySchema }, async (ctx, { query }) => {
      const page = await auditPage(dataSource, query);
      ctx.body = { items: page.items.map(presentAuditEntry), nextCursor: page.nextCursor };
    }),
  );
  return router;
}
