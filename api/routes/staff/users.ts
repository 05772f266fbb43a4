/**
 * The console's Users: search and a user's record (every staff role reads: finance matches transfers
 * to people, support answers them), and freezing or unfreezing an account (admin).
 */
import Router from '@koa/router';
import { type Context } from 'koa';
import { freezeUserSchema, staffUserSearchSchema, unfreezeUserSchema } from '../../../shared/schemas/staff';
import { accountFreezer } from '../../commands/accountFreezer';
import { type AppServices } from '../../context';
import { notFound } from '../../errors';
import { validated } from '../../middleware/validate';
import { presentStaffUserDetail, presentStaffUserSummary } from '../../presenters/staffUsers';
import { requireStaff, staffActor, type StaffContext } from '../../staff/session';
import { searchUsers, userRecord } from '../../staff/userRecords';
import { pathId, uuidPathId } from './pathIds';

export function staffUsersRouter({ dataSource, staffSessions }: AppServices): Router {
  const router = new Router();
  const reads = requireStaff(staffSessions, 'users.read');
  const acts = requireStaff(staffSessions, 'users.act');
  const knownId = uuidPathId('User not found');

  const answerRecord = async (ctx: Context, userId: string) => {
    const record = await userRecord(dataSource, userId);
    if (!record) throw notFound('User not found');
    ctx.body = presentStaffUserDetail(record);
  };

  router.get(
    '/users',
    reads,
    validated({ query: staffUserSearchSchema }, async (ctx, { query }) => {
      ctx.body = { items: (await searchUsers(dataSource, query.q)).map(presentStaffUserSummary) };
    }),
  );

  router.get('/users/:id', reads, knownId, (ctx) => answerRecord(ctx, pathId(ctx)));

  const setFrozen = (frozen: boolean) => async (ctx: Context, { body }: { body: { reason?: string } }) => {
    const userId = pathId(ctx);
    await accountFreezer({ userId, frozen, reason: body.reason, actor: staffActor((ctx as StaffContext).state.staff), dataSource });
    await answerRecord(ctx, userId);
  };
  router.post('/users/:id/freeze', acts, knownId, validated({ body: freezeUserSchema }, setFrozen(true)));
  router.post('/users/:id/unfreeze', acts, knownId, validated({ body: unfreezeUserSchema }, setFrozen(false)));

  return router;
}
