import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP double of the Stripe endpoints Rally uses, reached through the stripe package's
 * own host/port/protocol settings (STRIPE_API_URL), and a signer of webhook events made the way
 * Stripe signs them. Its cards behave like Stripe's test cards.
 */

type Json = Record<string, unknown>;
export interface DoubleSubscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  trial_end: number | null;
  default_payment_method: string | null;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: { id: string } }[] };
}

const DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: 'Your card was declined.',
  pm_card_visa_chargeDeclined: 'Your card was declined.',
  pm_card_chargeDeclinedInsufficientFunds: 'Your card has insufficient funds.',
};
const MONTH = 30 * 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export interface StripeDouble {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  publishableKey: string;
  /** Every request, in order: method, path and its form fields. */
  requests: { method: string; path: string; form: Record<string, string> }[];
  subscriptions: Map<string, DoubleSubscription>;
  /** Active promotion codes: code → promo id. */
  promotionCodes: Map<string, string>;
  /** A signed delivery of `type` about `object`: the raw body and its Stripe-Signature header. */
  signedEvent(type: string, object: Json, secret?: string): { id: string; body: string; signature: string };
  close(): Promise<void>;
  /** Listens again on the same port after `close` (an outage in between). */
  reopen(): Promise<void>;
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const promotionCodes = new Map<string, string>();
  const requests: StripeDouble['requests'] = [];
  const priceId = 'price_coach_monthly';

  const cardError = (res: ServerResponse, message: string) =>
    send(res, 402, { error: { type: 'card_error', code: 'card_declined', message, param: '' } });
  const missing = (res: ServerResponse, what: string, param?: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}`, param },
    });

  function route(method: string, path: string, form: Record<string, string>, res: ServerResponse): void {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: form.email, name: form.name };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === 'POST' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(m[1]!);
      if (!customer) return missing(res, 'customer');
      Object.assign(customer, { name: form.name ?? customer.name });
      return send(res, 200, customer);
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const pm = m[1]!;
      if (DECLINES[pm]) return cardError(res, DECLINES[pm]);
      if (!pm.startsWith('pm_card_')) return missing(res, `PaymentMethod: '${pm}'`, 'payment_method');
      return send(res, 200, { id: pm, object: 'payment_method', customer: form.customer });
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const trialEnd = form.trial_end ? Number(form.trial_end) : null;
      const sub: DoubleSubscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: form.customer!,
        status: trialEnd ? 'trialing' : 'active',
        trial_end: trialEnd,
        default_payment_method: form.default_payment_method ?? null,
        latest_invoice: newId('in'),
        metadata: { user_id: form['metadata[user_id]'] ?? '' },
        items: {
          object: 'list',
          data: [
            { id: newId('si'), current_period_end: trialEnd ?? now() + MONTH, price: { id: form['items[0][price]']! } },
          ],
        },
      };
      if (form['items[0][price]'] !== priceId) return missing(res, 'price', 'items[0][price]');
      subscriptions.set(sub.id, sub);
      return send(res, 200, sub);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing(res, 'subscription');
      if (method === 'POST' && form.default_payment_method) sub.default_payment_method = form.default_payment_method;
      return send(res, 200, sub);
    }
    if (method === 'POST' && (m = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(path))) {
      const sub = [...subscriptions.values()].find((s) => s.latest_invoice === m![1]);
      if (!sub) return missing(res, 'invoice');
      const pm = form.payment_method ?? '';
      if (DECLINES[pm]) return cardError(res, DECLINES[pm]);
      Object.assign(sub, { status: 'active' });
      sub.items.data[0]!.current_period_end = now() + MONTH;
      return send(res, 200, { id: sub.latest_invoice, object: 'invoice', status: 'paid' });
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const found = promotionCodes.get(form.code ?? '');
      return send(res, 200, { object: 'list', data: found ? [{ id: found, object: 'promotion_code' }] : [] });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(form.customer ?? '')) return missing(res, 'customer');
      return send(res, 200, {
        id: newId('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${form.customer}`,
        return_url: form.return_url,
      });
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const form = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString()),
      );
      requests.push({ method: req.method ?? '', path: url.pathname, form });
      if (req.headers.authorization !== `Bearer ${double.secretKey}`)
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      route(req.method ?? '', url.pathname, form, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  const double: StripeDouble = {
    url: `http://127.0.0.1:${port}`,
    secretKey: 'sk_test_double',
    webhookSecret: 'whsec_double',
    publishableKey: 'pk_test_double',
    priceId,
    requests,
    subscriptions,
    promotionCodes,
    signedEvent(type, object, secret = double.webhookSecret) {
      const id = newId('evt');
      const body = JSON.stringify({
        id,
        object: 'event',
        type,
        created: now(),
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: { object },
      });
      return { id, body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    reopen: async () => {
      server.listen(port, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', resolve));
    },
  };
  return double;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}
