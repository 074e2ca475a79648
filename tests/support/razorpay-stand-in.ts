import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ZodApp } from '../../src/server/lib/http.js';

/**
 * A tiny local stand-in for Razorpay's Orders API (`POST /v1/orders`), so the official SDK the
 * server uses can be exercised end to end without the network. Point the app at it with
 * `createTestApp(env, { razorpayApiUrl: standIn.url })`.
 *
 * The signature helpers below are written from Razorpay's documentation with node:crypto, on
 * purpose independent of the server's own code.
 */

export const RAZORPAY_ENV = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_x',
  RAZORPAY_KEY_SECRET: 'stand-in-key-secret-0123456789',
  RAZORPAY_WEBHOOK_SECRET: 'stand-in-webhook-secret-abcdef',
} as const;

/** How the stand-in answers `POST /v1/orders`: normally, with a 500, by never answering, or by dropping the connection. */
export type StandInMode = 'ok' | 'error' | 'hang' | 'reset';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Whether HTTP basic auth carried the configured key id and secret. */
  authorized: boolean;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
}

export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created';
  notes: Record<string, unknown>;
}

export interface StandInPayment {
  id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** When it began, in seconds; now when not given. */
  created_at?: number;
}

export interface RazorpayStandIn {
  /** Base URL without `/v1` (the SDK adds it). */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** The `POST /v1/orders` requests that reached the handler (authorized or not). */
  orderRequests(): RecordedRequest[];
  /** Orders it made, by id. */
  orders: Map<string, StandInOrder>;
  /**
   * The payments `GET /v1/orders/{id}/payments` lists for an order (the tests put them here: the
   * customer paying in the checkout is not simulated).
   */
  payments: Map<string, StandInPayment[]>;
  mode: StandInMode;
  /**
   * Run once, and awaited, before the next `POST /v1/orders` is answered (then cleared): what the
   * rest of the world does while the app waits for Razorpay to open an order.
   */
  beforeNextOrder: (() => Promise<void>) | null;
  /** Back to answering normally, with no recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const rzpError = (code: string, description: string) => ({
  error: { code, description, source: 'NA', step: 'NA', reason: 'NA' },
});

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function basicAuthMatches(header: string | undefined, keyId: string, keySecret: string): boolean {
  const match = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return false;
  return Buffer.from(match[1], 'base64').toString('utf8') === `${keyId}:${keySecret}`;
}

export async function startRazorpayStandIn(
  credentials: { keyId: string; keySecret: string } = {
    keyId: RAZORPAY_ENV.RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_ENV.RAZORPAY_KEY_SECRET,
  },
): Promise<RazorpayStandIn> {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment[]>();

  const state: RazorpayStandIn = {
    url: '',
    requests,
    orders,
    payments,
    mode: 'ok',
    beforeNextOrder: null,
    orderRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders'),
    reset() {
      state.mode = 'ok';
      state.beforeNextOrder = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // A request left hanging on purpose must not keep the server open.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const meanwhile = req.method === 'POST' ? state.beforeNextOrder : null;
      if (!meanwhile) return answer();
      state.beforeNextOrder = null;
      meanwhile().then(answer, (err: unknown) => {
        send(res, 500, rzpError('SERVER_ERROR', `stand-in hook failed: ${String(err)}`));
      });
    });

    function answer() {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      const authorized = basicAuthMatches(req.headers.authorization, credentials.keyId, credentials.keySecret);
      requests.push({ method: req.method ?? '', path, authorized, headers: req.headers, body });

      const listing = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && listing) {
        if (state.mode === 'reset') return void req.socket.destroy();
        if (state.mode === 'error') {
          return send(
            res,
            500,
            rzpError('SERVER_ERROR', 'We are facing some trouble completing your request at the moment.'),
          );
        }
        if (!authorized) return send(res, 401, rzpError('BAD_REQUEST_ERROR', 'Authentication failed'));
        const items = (payments.get(decodeURIComponent(listing[1]!)) ?? []).map((p) => ({
          ...p,
          entity: 'payment',
          order_id: decodeURIComponent(listing[1]!),
          method: 'upi',
          captured: p.status === 'captured',
          created_at: p.created_at ?? Math.floor(Date.now() / 1000),
        }));
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (req.method !== 'POST' || path !== '/v1/orders') {
        send(res, 404, rzpError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
        return;
      }
      if (state.mode === 'hang') return; // never answers; the client must time out
      if (state.mode === 'reset') {
        req.socket.destroy();
        return;
      }
      if (state.mode === 'error') {
        send(res, 500, rzpError('SERVER_ERROR', 'We are facing some trouble completing your request at the moment.'));
        return;
      }
      if (!authorized) {
        send(res, 401, rzpError('BAD_REQUEST_ERROR', 'Authentication failed'));
        return;
      }
      const b = (body ?? {}) as Record<string, unknown>;
      if (typeof b.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 100) {
        send(res, 400, rzpError('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00'));
        return;
      }
      if (typeof b.currency !== 'string') {
        send(res, 400, rzpError('BAD_REQUEST_ERROR', 'The currency field is required.'));
        return;
      }
      const captureRefusal = refusedCaptureSettings(b.payment);
      if (captureRefusal) {
        send(res, 400, rzpError('BAD_REQUEST_ERROR', captureRefusal));
        return;
      }
      const order: StandInOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        entity: 'order',
        amount: b.amount,
        currency: b.currency,
        receipt: typeof b.receipt === 'string' ? b.receipt : null,
        status: 'created',
        notes: b.notes && typeof b.notes === 'object' ? (b.notes as Record<string, unknown>) : {},
      };
      orders.set(order.id, order);
      send(res, 200, {
        ...order,
        amount_paid: 0,
        amount_due: order.amount,
        attempts: 0,
        created_at: Math.floor(Date.now() / 1000),
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/**
 * Razorpay's documented rules for an order's capture settings (`payment`): capture automatic or
 * manual; an automatic expiry of at least 12 minutes; a manual one (optional) from the automatic one
 * up to 7,200 minutes; a refund speed of optimum or normal. The reason it refuses one, or null.
 */
function refusedCaptureSettings(payment: unknown): string | null {
  if (payment === undefined) return null;
  const p = payment as { capture?: unknown; capture_options?: Record<string, unknown> } | null;
  if (!p || (p.capture !== 'automatic' && p.capture !== 'manual')) return 'payment.capture is invalid';
  const o = p.capture_options;
  if (!o) return null;
  const automatic = o.automatic_expiry_period;
  const manual = o.manual_expiry_period ?? 7200;
  if (p.capture === 'automatic' && (typeof automatic !== 'number' || automatic < 12)) {
    return 'automatic_expiry_period must be at least 12 minutes';
  }
  if (typeof manual !== 'number' || manual > 7200 || (typeof automatic === 'number' && manual < automatic)) {
    return 'manual_expiry_period must be between automatic_expiry_period and 7200 minutes';
  }
  if (o.refund_speed !== 'optimum' && o.refund_speed !== 'normal') return 'refund_speed is invalid';
  return null;
}

/** What Razorpay's checkout widget hands the page: HMAC-SHA256(`order_id|payment_id`) with the key secret, hex. */
export function razorpayCheckout(
  orderId: string,
  keySecret: string = RAZORPAY_ENV.RAZORPAY_KEY_SECRET,
  paymentId = newPaymentId(),
) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
  };
}

export const newPaymentId = () => `pay_${randomBytes(7).toString('hex')}`;

export interface WebhookPayment {
  orderId: string;
  amount: number;
  currency?: string;
  paymentId?: string;
  status?: string;
  /** When the payment began (Razorpay's `created_at`, in seconds); now when not given. */
  createdAt?: number;
}

/**
 * A Razorpay webhook delivery: the raw JSON body and its headers, X-Razorpay-Signature being the
 * hex HMAC-SHA256 of exactly those bytes with the webhook secret. Send `payload` as it is.
 */
export function razorpayWebhook(
  event: 'payment.captured' | 'payment.failed',
  p: WebhookPayment,
  webhookSecret: string = RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET,
) {
  const body = {
    entity: 'event',
    account_id: 'acc_standin',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: p.paymentId ?? newPaymentId(),
          entity: 'payment',
          order_id: p.orderId,
          amount: p.amount,
          currency: p.currency ?? 'INR',
          status: p.status ?? (event === 'payment.captured' ? 'captured' : 'failed'),
          method: 'upi',
          captured: event === 'payment.captured',
          created_at: p.createdAt ?? Math.floor(Date.now() / 1000),
          ...(event === 'payment.failed'
            ? { error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment failed' }
            : {}),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', webhookSecret).update(payload).digest('hex'),
    },
  };
}

/**
 * Razorpay's `refund.processed` delivery for a refund of `amount` of a payment on an order (made
 * from the Razorpay Dashboard or its Refunds API), signed as razorpayWebhook's are.
 */
export function razorpayRefund(
  p: { orderId: string; paymentId: string; amount: number; refundId?: string; captured?: boolean },
  webhookSecret: string = RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET,
) {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    entity: 'event',
    account_id: 'acc_standin',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: p.refundId ?? `rfnd_${randomBytes(7).toString('hex')}`,
          entity: 'refund',
          amount: p.amount,
          currency: 'INR',
          payment_id: p.paymentId,
          notes: {},
          receipt: null,
          created_at: now,
          status: 'processed',
          speed_processed: 'normal',
        },
      },
      payment: {
        entity: {
          id: p.paymentId,
          entity: 'payment',
          order_id: p.orderId,
          amount: p.amount,
          currency: 'INR',
          status: 'refunded',
          captured: p.captured ?? true,
          amount_refunded: p.amount,
          refund_status: 'full',
          created_at: now - 3600,
        },
      },
    },
    created_at: now,
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', webhookSecret).update(payload).digest('hex'),
    },
  };
}

/** Delivers a webhook (razorpayWebhook's payload and headers, as they are) to the app. */
export const sendWebhook = (app: Pick<ZodApp, 'inject'>, hook: { payload: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/webhooks/razorpay', payload: hook.payload, headers: hook.headers });
