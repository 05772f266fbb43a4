/**
 * GET /api/events: the signed-in user's live events as Server-Sent Events (`listing`, `balance`,
 * `trade-offer`, `order`). Each event carries its log id, and so does the stream's first block (the
 * id it starts after), so a reconnecting browser sends `Last-Event-ID` and receives what it missed
 * even when its stream ended before any event; a comment line every 25 s keeps proxies from closing
 * an idle stream. A stopping server ends its streams, which tells browsers to reconnect elsewhere.
 */
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { z } from 'zod';
import { type AppServices } from '../../context';
import { type User } from '../../entities';
import { badRequest } from '../../errors';
import { type EventHub, type StoredEvent } from '../../events/liveEvents';
import { requireUser } from '../../middleware/auth';

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;
const eventId = z.string().regex(/^\d{1,18}$/);

function frame(event: StoredEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event.payload, at: event.createdAt })}\n\n`;
}

/** Streams the user's events after `cursor` until the client leaves or the server stops. */
function openStream(hub: EventHub, userId: string, cursor: string, logger: AppServices['logger']): PassThrough {
  const stream = new PassThrough();
  let sending: Promise<void> | undefined;
  let again = false;

  const flush = () => {
    if (sending) {
      again = true;
      return;
    }
    sending = (async () => {
      do {
        again = false;
        for (const event of await hub.eventsAfter(userId, cursor)) {
          cursor = event.id;
          stream.write(frame(event));
        }
      } while (again && !stream.destroyed);
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'sending live events failed'))
      .finally(() => {
        sending = undefined;
      });
  };

  const unsubscribe = hub.subscribe(userId, flush);
  const stopOnClose = hub.onClose(() => stream.end());
  const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  stream.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    stopOnClose();
  });
  // The id names where this stream starts, without being an event: a browser whose stream ends
  // before any event came (its server stopping) resumes from here, not from whatever is newest then.
  stream.write(`retry: ${RETRY_MS}\nid: ${cursor}\n\n`);
  flush();
  return stream;
}

export function eventsRouter({ dataSource, events, logger }: AppServices): Router {
  const router = new Router();

  router.get('/events', requireUser(dataSource), async (ctx) => {
    const user = ctx.state.user as User;
    const resumeFrom = ctx.get('Last-Event-ID') || (typeof ctx.query.lastEventId === 'string' ? ctx.query.lastEventId : '');
    if (resumeFrom && !eventId.safeParse(resumeFrom).success) throw badRequest('Last-Event-ID must be an event id this API sent');
    const cursor = resumeFrom || (await events.latestId(user.id));

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    // A compressor holds bytes back until it has enough to pack: events must go out as they happen.
    ctx.compress = false;
    const stream = openStream(events, user.id, cursor, logger);
    ctx.req.on('close', () => stream.destroy());
    ctx.body = stream;
  });

  return router;
}
