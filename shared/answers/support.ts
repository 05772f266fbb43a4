/** The answers of the contact form, issue reports and Web Push. */
import * as z from './z';


/** 201 answer of POST /api/contact and POST /api/issue-reports. */
export const createdAnswer = z.object({ id: z.string() });

/** GET /api/push/public-key: the VAPID key a browser subscribes with. */
export const pushPublicKeyAnswer = z.object({ publicKey: z.string() });
/** 201 answer of POST /api/push/subscriptions. */
export const pushSubscribedAnswer = z.object({ subscribed: z.literal(true) });
/** DELETE /api/push/subscriptions?endpoint. */
export const pushUnsubscribedAnswer = z.object({ removed: z.boolean() });
