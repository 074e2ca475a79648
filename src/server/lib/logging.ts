import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters a log must not keep: the session token the Google sign-in hands to
 * `/auth/success?token=…` (DECISIONS.md §3 puts it in the address), the one-time authorization code
 * and state of its callback, and what an admin searches for (`q`: a customer's name, email or phone).
 * A log is read by more people than the account's owner.
 */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'q']);

/**
 * A parameter's name as it is matched: percent-decoded (the server reads `%71` as `q`), without a
 * `[…]` suffix (`q[]`, `q[0]`), in lower case.
 */
function paramName(raw: string): string {
  let name = raw;
  if (name.includes('%') || name.includes('+')) {
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // Not valid percent-encoding: matched as sent.
    }
  }
  const bracket = name.indexOf('[');
  return (bracket < 0 ? name : name.slice(0, bracket)).toLowerCase();
}

/** The address as it may be logged: those parameters' values replaced, however their names are written. */
export function urlForLog(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq >= 0 && SECRET_PARAMS.has(paramName(part.slice(0, eq))) ? `${part.slice(0, eq)}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/** Fastify's request log line (its default fields), with the address made safe to keep. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** PostgreSQL's error fields that say what failed without a value: its message and detail may hold one. */
const DATABASE_FIELDS = ['constraint', 'table', 'column', 'schema', 'dataType'] as const;

type Fields = Record<string, unknown>;

/** An error of the database's own (pg's and PGlite's carry a SQLSTATE and a severity). */
const isDatabaseError = (e: Fields) =>
  typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';

/**
 * What a database failure may keep in the log, or undefined for any other error. drizzle's
 * DrizzleQueryError says `Failed query: <SQL> params: <every parameter>` (a signup's email, phone and
 * password hash), and PostgreSQL's own message and detail quote values too ("Key (email)=(…) already
 * exists"). Kept: the code (a SQLSTATE, or a connection error's), and which constraint, table and
 * column, found along the error's causes.
 */
function databaseFailure(err: Error): Fields | undefined {
  const found: Fields = {};
  let database = false;
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; depth++, e = e.cause) {
    const fields = e as unknown as Fields;
    if (e instanceof DrizzleQueryError || isDatabaseError(fields)) database = true;
    if (found.code === undefined && typeof fields.code === 'string') found.code = fields.code;
    for (const key of DATABASE_FIELDS) {
      if (found[key] === undefined && typeof fields[key] === 'string') found[key] = fields[key];
    }
  }
  return database ? found : undefined;
}

/** A stack's frames only: its first lines repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/** An error as a log line holds it (the shape Fastify's logger types an `err` serializer's answer). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` of every log line (the logger's serializer, app.ts): a database failure as its code,
 * constraint, table and the frames of its stack, nothing a user sent; any other error as pino would
 * write it (type, message, stack, its own fields, its cause), every email address in it replaced.
 */
export function errorForLog(err: Error): LoggedError {
  return loggedError(err, 0);
}

/**
 * An email address anywhere in a string. An SMTP refusal (nodemailer's error: its message, `response`,
 * `rejected`, each `rejectedErrors[].recipient`) quotes the customer's address; a log keeps the
 * server's code and reply without it.
 */
const EMAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[^\s<>"'(),;:[\]]+/g;
const withoutAddresses = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.replace(EMAIL_ADDRESS, '[email]')
    : Array.isArray(value)
      ? value.map(withoutAddresses)
      : value;

function loggedError(err: Error, depth: number): LoggedError {
  const type = err.constructor.name || err.name;
  const database = databaseFailure(err);
  if (database) {
    const message = 'database error (its SQL, parameters and message are not logged)';
    return { type, message, stack: framesOf(err.stack) ?? '', database };
  }
  const out: LoggedError = {
    type,
    message: withoutAddresses(err.message) as string,
    stack: withoutAddresses(err.stack ?? '') as string,
  };
  const nested = (value: unknown): unknown =>
    value instanceof Error
      ? depth < 4
        ? loggedError(value, depth + 1)
        : value.name
      : Array.isArray(value)
        ? value.map(nested)
        : withoutAddresses(value);
  for (const [key, value] of Object.entries(err)) if (!(key in out)) out[key] = nested(value);
  if (err.cause !== undefined) out.cause = nested(err.cause);
  return out;
}
