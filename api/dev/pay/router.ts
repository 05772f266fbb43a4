/**
 * The simulated payment provider, mounted under /dev/pay in simulated mode only: a hosted checkout
 * page with Pay and Cancel. Pay sends a signed webhook to our webhook endpoint over HTTP, exactly as
 * a live provider would, then returns the browser to the merchant's success URL.
 *
 * What happens to a payment later can be played too, from the paid checkout's page or by scripts
 * and tests: `POST <checkout>/refund` (optional `amount`, default the rest) sends `charge.refunded`
 * with the payment's refunds so far; `POST <checkout>/dispute` sends `charge.dispute.created` and
 * then `charge.dispute.funds_withdrawn`, as Stripe does; `POST <checkout>/dispute/won` rules the
 * dispute for the merchant and sends `charge.dispute.funds_reinstated`; `POST
 * /dev/pay/events/<id>/resend` delivers a sent event again (a provider's retry). Browsers are sent
 * back to the checkout page; JSON callers get the events sent and the webhook's answer to each.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { type Context } from 'koa';
import { formatUsd, parseMoney } from '../../../shared/money';
import { type AppServices } from '../../context';
import { conflict, badRequest, notFound } from '../../errors';
import { escapeHtml } from '../html';
import { SIMULATED_SIGNATURE_HEADER, signSimulatedWebhook, simulatedWebhookSecret, type SimulatedEventBody } from './gateway';

interface CheckoutRow {
  id: string;
  amount_cents: string;
  currency: string;
  client_reference: string;
  status: 'open' | 'paid' | 'cancelled';
  success_url: string;
  cancel_url: string;
  payment_id: string | null;
  refunded_cents: string;
  dispute_id: string | null;
  dispute_won_at: Date | null;
}

/** An event as sent: its id and type, and the webhook's last answer (status and body; null when it never answered). */
export interface SentEvent {
  id: string;
  type: SimulatedEventBody['type'];
  status: number | null;
  response: string | null;
}

/** The paid checkout's later life, for the demo: refund or dispute it. */
function afterPayment(checkout: CheckoutRow, action: string): string {
  const refunded = BigInt(checkout.refunded_cents);
  const lines = [
    refunded > 0n ? `<div class="row"><span>Refunded</span><b>${escapeHtml(formatUsd(refunded))}</b></div>` : '',
    checkout.dispute_id
      ? `<div class="row"><span>Dispute</span><b>${escapeHtml(checkout.dispute_id)}${checkout.dispute_won_at ? ' (won)' : ''}</b></div>`
      : '',
  ].join('');
  const open = !checkout.dispute_id && refunded < BigInt(checkout.amount_cents);
  const disputeOpen = checkout.dispute_id !== null && checkout.dispute_won_at === null;
  return `${lines}<p class="note">This checkout is paid.${open || disputeOpen ? ' What the payer or the provider may do later:' : ''}</p>${
    open
      ? `<form method="post" action="${escapeHtml(action)}/refund"><button class="cancel" type="submit">Refund</button></form>
<form method="post" action="${escapeHtml(action)}/dispute"><button class="cancel" type="submit">Dispute</button></form>`
      : disputeOpen
        ? `<form method="post" action="${escapeHtml(action)}/dispute/won"><button class="cancel" type="submit">Win dispute</button></form>`
        : ''
  }`;
}

function checkoutPage(checkout: CheckoutRow, action: string): string {
  const amount = formatUsd(BigInt(checkout.amount_cents));
  const closed = checkout.status !== 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)} · SimPay checkout</title><link rel="icon" href="/favicon.svg"><style>
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f5f9; color: #1c2333;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(420px, calc(100% - 32px)); background: #fff; border-radius: 14px; box-shadow: 0 12px 40px rgba(20, 30, 60, .12); padding: 32px; }
  .brand { font-weight: 700; letter-spacing: .02em; color: #2456d3; margin-bottom: 24px; }
  .brand span { color: #8a94a8; font-weight: 500; font-size: 12px; margin-left: 6px; }
  p { margin: 0; color: #5b6478; }
  h1 { font-size: 40px; margin: 4px 0 24px; }
  .row { display: flex; justify-content: space-between; padding: 10px 0; border-top: 1px solid #eef0f4; color: #5b6478; }
  .row b { color: #1c2333; }
  form { margin: 0; }
  button { width: 100%; padding: 14px; border-radius: 10px; border: 0; font: inherit; font-weight: 600; cursor: pointer; margin-top: 12px; }
  .pay { background: #2456d3; color: #fff; margin-top: 24px; }
  .pay:hover { background: #1b45b0; }
  .cancel { background: transparent; color: #5b6478; border: 1px solid #d9dee8; }
  .note { margin-top: 20px; font-size: 12px; color: #8a94a8; text-align: center; }
</style></head><body><main>
<div class="brand">SimPay <span>simulated payment provider</span></div>
<p>Pay SkinMarket</p>
<h1>${escapeHtml(amount)}</h1>
<div class="row"><span>Description</span><b>Balance top-up</b></div>
<div class="row"><span>Currency</span><b>${escapeHtml(checkout.currency.toUpperCase())}</b></div>
${
  checkout.status === 'paid'
    ? afterPayment(checkout, action)
    : closed
    ? `<p class="note">This checkout is already ${checkout.status}.</p>`
    : `<form method="post" action="${escapeHtml(action)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
}
<p class="note">No real money moves: this is the demo's payment provider.</p>
</main></body></html>`;
}

/** The `amount` of a refund request, JSON or form; undefined when not given. */
function requestedAmount(ctx: Context): bigint | undefined {
  const body = (ctx.request as { body?: unknown }).body;
  const given = typeof body === 'string' ? new URLSearchParams(body).get('amount') : (body as { amount?: unknown } | undefined)?.amount;
  if (given === undefined || given === null || given === '') return undefined;
  const cents = typeof given === 'string' ? parseMoney(given) : null;
  if (cents === null || cents <= 0n) throw badRequest('amount must be a positive amount like "5.00"', { amount: 'Please enter a valid amount' });
  return cents;
}

export function devPayRouter({ config, dataSource, logger, secrets }: AppServices): Router {
  const router = new Router({ prefix: '/dev/pay' });
  const webhookSecret = simulatedWebhookSecret(config, secrets.sessionKeys[0]!);
  const webhookUrl = `${config.publicUrl}/api/webhooks/payments`;

  const load = async (id: string) => {
    const [checkout] = (await dataSource.query('SELECT * FROM sim_payment_checkouts WHERE id = $1', [id])) as CheckoutRow[];
    if (!checkout) throw notFound('No such checkout');
    return checkout;
  };

  /** Delivers an event like a provider does: signed, retried a few times on failure. */
  async function deliver(checkoutId: string, body: string): Promise<Pick<SentEvent, 'status' | 'response'>> {
    let last: Pick<SentEvent, 'status' | 'response'> = { status: null, response: null };
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signSimulatedWebhook(webhookSecret, body) },
          signal: AbortSignal.timeout(5_000),
        });
        last = { status: response.status, response: await response.text() };
        if (response.ok) return last;
        logger.warn({ status: response.status, checkout: checkoutId }, 'simulated webhook refused');
        if (response.status < 500) return last;
      } catch (error) {
        logger.warn({ err: error, checkout: checkoutId, attempt }, 'simulated webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    return last;
  }

  /** Keeps the event (so it can be resent), then delivers it. */
  async function send(checkout: CheckoutRow, event: { type: SimulatedEventBody['type']; data: Record<string, string> }): Promise<SentEvent> {
    const id = `evt_sim_${randomBytes(10).toString('hex')}`;
    const body = JSON.stringify({ id, type: event.type, data: { checkoutId: checkout.id, clientReference: checkout.client_reference, ...event.data } });
    await dataSource.query('INSERT INTO sim_payment_events (id, checkout_id, body) VALUES ($1, $2, $3)', [id, checkout.id, body]);
    return { id, type: event.type, ...(await deliver(checkout.id, body)) };
  }

  /** Scripts get the events as JSON; a browser goes back to the checkout page. */
  function answer(ctx: Context, checkout: CheckoutRow, events: SentEvent[]) {
    if (ctx.accepts('json', 'html') === 'json') {
      ctx.body = { checkoutId: checkout.id, events };
      return;
    }
    ctx.status = 303;
    ctx.redirect(`/dev/pay/checkout/${encodeURIComponent(checkout.id)}`);
  }

  router.get('/checkout/:id', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    ctx.type = 'text/html';
    ctx.body = checkoutPage(checkout, `/dev/pay/checkout/${encodeURIComponent(checkout.id)}`);
  });

  router.post('/checkout/:id/pay', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    const paymentId = `pi_sim_${randomBytes(12).toString('hex')}`;
    const changed = (await dataSource.query(
      `WITH changed AS (UPDATE sim_payment_checkouts SET status = 'paid', payment_id = $2 WHERE id = $1 AND status = 'open' RETURNING id) SELECT id FROM changed`,
      [checkout.id, paymentId],
    )) as unknown[];
    if (changed.length === 1) {
      await send(checkout, { type: 'checkout.completed', data: { paymentId, amountCents: checkout.amount_cents, currency: checkout.currency } });
    }
    const settled = changed.length === 1 ? 'paid' : checkout.status;
    ctx.redirect(settled === 'paid' ? checkout.success_url : checkout.cancel_url);
  });

  router.post('/checkout/:id/cancel', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    const changed = (await dataSource.query(
      `WITH changed AS (UPDATE sim_payment_checkouts SET status = 'cancelled' WHERE id = $1 AND status = 'open' RETURNING id) SELECT id FROM changed`,
      [checkout.id],
    )) as unknown[];
    if (changed.length === 1) await send(checkout, { type: 'checkout.cancelled', data: { amountCents: checkout.amount_cents, currency: checkout.currency } });
    const settled = changed.length === 1 ? 'cancelled' : checkout.status;
    ctx.redirect(settled === 'paid' ? checkout.success_url : checkout.cancel_url);
  });

  router.post('/checkout/:id/refund', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    const cents = requestedAmount(ctx) ?? BigInt(checkout.amount_cents) - BigInt(checkout.refunded_cents);
    // Like a provider: only a paid, undisputed payment, and never more than was paid.
    const [refunded] = (await dataSource.query(
      `WITH changed AS (
         UPDATE sim_payment_checkouts SET refunded_cents = refunded_cents + $2
         WHERE id = $1 AND status = 'paid' AND dispute_id IS NULL AND $2 > 0 AND refunded_cents + $2 <= amount_cents
         RETURNING refunded_cents::text AS total)
       SELECT total FROM changed`,
      [checkout.id, cents.toString()],
    )) as Array<{ total: string }>;
    if (!refunded) throw conflict('Only a paid, undisputed payment can be refunded, up to what is left of it', 'not_refundable');
    const event = await send(checkout, {
      type: 'charge.refunded',
      data: { paymentId: checkout.payment_id!, refundedCents: refunded.total, currency: checkout.currency },
    });
    answer(ctx, checkout, [event]);
  });

  router.post('/checkout/:id/dispute', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    const disputeId = `dp_sim_${randomBytes(10).toString('hex')}`;
    const [disputed] = (await dataSource.query(
      `WITH changed AS (
         UPDATE sim_payment_checkouts SET dispute_id = $2
         WHERE id = $1 AND status = 'paid' AND dispute_id IS NULL AND refunded_cents < amount_cents
         RETURNING (amount_cents - refunded_cents)::text AS amount)
       SELECT amount FROM changed`,
      [checkout.id, disputeId],
    )) as Array<{ amount: string }>;
    if (!disputed) throw conflict('Only a paid payment not refunded in full can be disputed, once', 'not_disputable');
    const data = { paymentId: checkout.payment_id!, disputeId, amountCents: disputed.amount, currency: checkout.currency };
    const events = [await send(checkout, { type: 'charge.dispute.created', data })];
    events.push(await send(checkout, { type: 'charge.dispute.funds_withdrawn', data }));
    answer(ctx, checkout, events);
  });

  router.post('/checkout/:id/dispute/won', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    // Refunds stop once a payment is disputed, so what was disputed is what was left of it.
    const [won] = (await dataSource.query(
      `WITH changed AS (
         UPDATE sim_payment_checkouts SET dispute_won_at = now()
         WHERE id = $1 AND dispute_id IS NOT NULL AND dispute_won_at IS NULL
         RETURNING dispute_id, (amount_cents - refunded_cents)::text AS amount)
       SELECT dispute_id, amount FROM changed`,
      [checkout.id],
    )) as Array<{ dispute_id: string; amount: string }>;
    if (!won) throw conflict('Only an open dispute can be won, once', 'not_winnable');
    const data = { paymentId: checkout.payment_id!, disputeId: won.dispute_id, amountCents: won.amount, currency: checkout.currency };
    answer(ctx, checkout, [await send(checkout, { type: 'charge.dispute.funds_reinstated', data })]);
  });

  router.post('/events/:id/resend', async (ctx) => {
    const [stored] = (await dataSource.query('SELECT e.body, c.* FROM sim_payment_events e JOIN sim_payment_checkouts c ON c.id = e.checkout_id WHERE e.id = $1', [
      ctx.params.id ?? '',
    ])) as Array<CheckoutRow & { body: string }>;
    if (!stored) throw notFound('No such event');
    const { id, type } = JSON.parse(stored.body) as SimulatedEventBody;
    answer(ctx, stored, [{ id, type, ...(await deliver(stored.id, stored.body)) }]);
  });

  return router;
}
