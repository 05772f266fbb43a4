/**
 * The console's Support inbox (support and admin): contact messages and issue reports, newest first,
 * with their status, assignee and internal notes; changing status or assignee, and adding a note.
 */
import Router from '@koa/router';
import { type Context, type Next } from 'koa';
import { SUPPORT_ITEM_TYPES, supportInboxQuerySchema, supportItemUpdateSchema, supportNoteSchema } from '../../../shared/schemas/staff';
import { supportItemUpdater } from '../../commands/supportItemUpdater';
import { supportNoteAdder } from '../../commands/supportNoteAdder';
import { type AppServices } from '../../context';
import { notFound } from '../../errors';
import { validated } from '../../middleware/validate';
import { presentSupportItem } from '../../presenters/staffSupport';
import { requireStaff, staffActor, type StaffContext } from '../../staff/session';
import { supportInbox, supportItem, type SupportItemType } from '../../staff/supportInbox';
import { pathId, uuidPathId } from './pathIds';

const typeOf = (ctx: Context) => (ctx as Context & { params: { type: SupportItemType } }).params.type;

/** An unknown item type names no item: 404, like an unknown id. */
async function knownType(ctx: Context, next: Next) {
  if (!(SUPPORT_ITEM_TYPES as readonly string[]).includes(typeOf(ctx))) throw notFound('Support item not found');
  await next();
}

export function staffSupportRouter({ dataSource, staffSessions }: AppServices): Router {
  const router = new Router({ prefix: '/support' });
  const acts = [requireStaff(staffSessions, 'support.act'), knownType, uuidPathId('Support item not found')];

  const answerItem = async (ctx: Context) => {
    const item = await supportItem(dataSource, typeOf(ctx), pathId(ctx));
    if (!item) throw notFound('Support item not found');
    ctx.body = presentSupportItem(item);
  };

  router.get(
    '/',
    requireStaff(staffSessions, 'support.read'),
    validated({ query: supportInboxQuerySchema }, async (ctx, { query }) => {
      ctx.body = { items: (await supportInbox(dataSource, query.status)).map(presentSupportItem) };
    }),
  );

  router.post(
    '/:type/:id',
    ...acts,
    validated({ body: supportItemUpdateSchema }, async (ctx, { body }) => {
      const actor = staffActor((ctx as StaffContext).state.staff);
      await supportItemUpdater({ type: typeOf(ctx), id: pathId(ctx), status: body.status, assignee: body.assignee, actor, dataSource });
      await answerItem(ctx);
    }),
  );

  router.post(
    '/:type/:id/notes',
    ...acts,
    validated({ body: supportNoteSchema }, async (ctx, { body }) => {
      const { staff } = (ctx as StaffContext).state;
      await supportNoteAdder({ type: typeOf(ctx), id: pathId(ctx), body: body.body, author: staff.email, actor: staffActor(staff), dataSource });
      ctx.status = 201;
      await answerItem(ctx);
    }),
  );

  return router;
}
