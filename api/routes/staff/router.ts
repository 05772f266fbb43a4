/**
 * The staff console's API under /api/staff. Each area's routes check the caller's staff session and
 * role (api/staff/session.ts, shared/schemas/staff.ts STAFF_ABILITIES); a customer's session is
 * never enough. Every change goes through a command that writes its audit row in its transaction.
 */
import Router from '@koa/router';
import { type AppServices } from '../../context';
import { requireStaff, type StaffContext } from '../../staff/session';
import { presentStaffMe } from '../../presenters/staff';
import { staffAuditRouter } from './audit';
import { staffMarketRouter } from './market';
import { staffMoneyRouter } from './money';
import { staffSupportRouter } from './support';
import { staffUsersRouter } from './users';

export function staffRouter(services: AppServices): Router {
  const router = new Router({ prefix: '/staff' });
  router.get('/me', requireStaff(services.staffSessions), (ctx) => {
    ctx.body = presentStaffMe((ctx as StaffContext).state.staff);
  });
  const areas = [staffMoneyRouter(services), staffUsersRouter(services), staffMarketRouter(services), staffSupportRouter(services), staffAuditRouter(services)];
  for (const area of areas) router.use(area.routes(), area.allowedMethods());
  return router;
}
