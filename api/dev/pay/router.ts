/**
 * The simulated payment provider, mounted under /dev/pay in simulated mode only: a hosted checkout
 * page with Pay and Cancel. Pay sends a signed webhook to our webhook endpoint over HTTP, exactly as
 * a live provider would, then returns the browser to the merchant's success URL.
 */
import { randomBytes } from 'node:crypto';
import Router from '@koa/router';
import { formatUsd } from '../../../shared/money';
import { type AppServices } from '../../context';
import { notFound } from '../../errors';
import { SIMULATED_SIGNATURE_HEADER, signSimulatedWebhook, simulatedWebhookSecret } from './gateway';

interface CheckoutRow {
  id: string;
  amount_cents: string;
  currency: string;
  client_reference: string;
  status: 'open' | 'paid' | 'cancelled';
  success_url: string;
  cancel_url: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

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
  closed
    ? `<p class="note">This checkout is already ${checkout.status}.</p>`
    : `<form method="post" action="${escapeHtml(action)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
}
<p class="note">No real money moves: this is the demo's payment provider.</p>
</main></body></html>`;
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

  /** Delivers the event like a provider does: signed, retried a few times on failure. */
  async function deliver(checkout: CheckoutRow, type: 'checkout.completed' | 'checkout.cancelled') {
    const body = JSON.stringify({
      id: `evt_sim_${randomBytes(10).toString('hex')}`,
      type,
      data: { checkoutId: checkout.id, clientReference: checkout.client_reference, amountCents: checkout.amount_cents, currency: checkout.currency },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json', [SIMULATED_SIGNATURE_HEADER]: signSimulatedWebhook(webhookSecret, body) },
          signal: AbortSignal.timeout(5_000),
        });
        if (response.ok) return;
        logger.warn({ status: response.status, checkout: checkout.id }, 'simulated webhook refused');
        if (response.status < 500) return;
      } catch (error) {
        logger.warn({ err: error, checkout: checkout.id, attempt }, 'simulated webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  router.get('/checkout/:id', async (ctx) => {
    const checkout = await load(ctx.params.id ?? '');
    ctx.type = 'text/html';
    ctx.body = checkoutPage(checkout, `/dev/pay/checkout/${encodeURIComponent(checkout.id)}`);
  });

  for (const [action, status, event] of [
    ['pay', 'paid', 'checkout.completed'],
    ['cancel', 'cancelled', 'checkout.cancelled'],
  ] as const) {
    router.post(`/checkout/:id/${action}`, async (ctx) => {
      const checkout = await load(ctx.params.id ?? '');
      const changed = (await dataSource.query(
        `WITH changed AS (UPDATE sim_payment_checkouts SET status = $2 WHERE id = $1 AND status = 'open' RETURNING id) SELECT id FROM changed`,
        [checkout.id, status],
      )) as unknown[];
      if (changed.length === 1) await deliver(checkout, event);
      const settled = changed.length === 1 ? status : checkout.status;
      ctx.redirect(settled === 'paid' ? checkout.success_url : checkout.cancel_url);
    });
  }

  return router;
}
