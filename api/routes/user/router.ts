/** GET /api/user and PATCH /api/user/profile. */
import Router from '@koa/router';
import { type Context } from 'koa';
import { profileUpdateSchema } from '../../../shared/schemas/user';
import { followSignedInHint } from '../../auth/signedInHint';
import { profileUpdater } from '../../commands/profileUpdater';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { badRequest } from '../../errors';
import { availableBalance } from '../../ledger/ledger';
import { requireUser } from '../../middleware/auth';
import { idempotent, requestTransaction } from '../../middleware/idempotency';
import { validated } from '../../middleware/validate';
import { presentUser } from '../../presenters/user';

/** If-Match carries the profile version: `3` or `"3"` (an ETag as we send it). */
function expectedVersion(header: string): number | undefined {
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw badRequest('If-Match must be the profile version you edited', { 'If-Match': 'Invalid version' });
  return Number(match[1]);
}

export function userRouter({ config, dataSource }: AppServices): Router {
  const router = new Router();
  const signedIn = requireUser(dataSource);

  // The answer keeps the PWA's signed-in hint cookie in step with the session (auth/signedInHint.ts).
  router.get('/user', followSignedInHint(config.secure), signedIn, async (ctx) => {
    const user = ctx.state.user as User;
    ctx.set('ETag', `"${user.version}"`);
    ctx.body = presentUser(user, await availableBalance(dataSource, user.id));
  });

  router.patch(
    '/user/profile',
    signedIn,
    idempotent(
      dataSource,
      { required: false },
      validated({ body: profileUpdateSchema }, async (ctx: Context, { body }) => {
        const { user, balanceCents } = await profileUpdater({
          userId: (ctx.state.user as User).id,
          update: body,
          expectedVersion: expectedVersion(ctx.get('If-Match')),
          dataSource,
          manager: requestTransaction(ctx),
        });
        ctx.set('ETag', `"${user.version}"`);
        ctx.body = presentUser(user, balanceCents);
      }),
    ),
  );

  return router;
}
