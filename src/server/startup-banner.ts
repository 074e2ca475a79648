import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Config } from './config.js';

/**
 * The plain lines the server prints once it listens, before its JSON log: for the person who
 * started it, in words, where to open it, which database it uses and whether money is real.
 * Log collectors skip them (they are not JSON); the JSON log carries the same facts in its
 * "RemoteFix started" line.
 */
export function startupBanner(config: Config, address: AddressInfo): string {
  const open = localUrl(address);
  const publicNote = config.publicUrl === open ? '' : `; public address ${config.publicUrl}`;
  return [
    'RemoteFix is running.',
    `  Open:      ${open} (listening on ${address.address}, port ${address.port}${publicNote})`,
    `  Database:  ${describeDatabase(config)}`,
    `  Payments:  ${describePayments(config)}`,
    '',
  ].join('\n');
}

/** Where a browser on this machine reaches the server: localhost when it listens on every interface. */
export function localUrl(address: AddressInfo): string {
  const { address: host, port } = address;
  if (host === '0.0.0.0' || host === '::') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl
    ? `PostgreSQL at ${databaseAddress(config.databaseUrl)}`
    : `PGlite, embedded, in ${resolve(config.dataDir)}`;
}

export function describePayments(config: Pick<Config, 'payments'>): string {
  const { provider, razorpayKeyId } = config.payments;
  if (provider === 'test') return 'test mode, no real money moves (the built-in test checkout)';
  if (razorpayKeyId?.startsWith('rzp_live_')) return 'Razorpay with LIVE keys: real money';
  if (razorpayKeyId?.startsWith('rzp_test_')) return "Razorpay with test keys (Razorpay's test mode, no real money)";
  return 'Razorpay (a key id that is neither rzp_live_ nor rzp_test_)';
}

/** host:port/database of a postgres:// URL, without its credentials. */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'not a valid URL';
  }
}
