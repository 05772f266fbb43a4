/** The answers about the signed-in user. */
import * as z from './z';
import { isoTime, money } from './z';

/** GET /api/user and PATCH /api/user/profile. `version` feeds If-Match on updates. */
export const currentUserAnswer = z.object({
  steamId: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  tradeUrl: z.string(),
  avatar: z.string(),
  profileUrl: z.string(),
  balance: money,
  depositReference: z.string(),
  version: z.number(),
  createdAt: isoTime,
});
export type CurrentUser = z.infer<typeof currentUserAnswer>;
