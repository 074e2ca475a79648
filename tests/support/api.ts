import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ZodApp } from '../../src/server/lib/http.js';
import type { User } from '../../src/shared/contracts/auth.js';
import type { Role } from '../../src/shared/roles.js';
import { updateUser } from '../../src/server/modules/auth/queries.js';
import { createTestApp, type TestApp } from './test-app.js';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Session {
  user: User;
  token: string;
  headers: { authorization: string };
}

/** Signs a customer up through the real endpoint; `role` is then set directly in the database. */
export async function signUp(
  t: TestApp,
  overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {},
  role: Role = 'user',
): Promise<Session> {
  const body = {
    name: 'Asha Rao',
    email: uniqueEmail(),
    phone: '+91 98765 43210',
    password: 'correct-horse-42',
    ...overrides,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { user, token } = res.json() as { user: User; token: string };
  if (role !== 'user') await updateUser(t.database.db, user.id, { role });
  return { user: { ...user, role }, token, headers: bearer(token) };
}

/** A new session of an existing account, by its password (the password signUp gives, unless told). */
export async function logIn(t: TestApp, email: string, password = 'correct-horse-42'): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return bearer((res.json() as { token: string }).token);
}

export async function mainServices(app: ZodApp) {
  const res = await app.inject({ method: 'GET', url: '/api/admin/services/main' });
  return (res.json() as { mainServices: { id: string; name: string }[] }).mainServices;
}

export async function subServices(app: ZodApp, mainId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/admin/services/${mainId}/sub` });
  return (res.json() as { subServices: { id: string; name: string }[] }).subServices;
}

/** Injects a request, and throws (failing the test) if it answers a 5xx. */
export async function injectNo5xx(t: TestApp, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(opts);
  if (res.statusCode >= 500) throw new Error(`${opts.method} ${opts.url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

const PUBLIC_USER_KEYS = ['createdAt', 'email', 'id', 'name', 'phone', 'role'];

/** A user as the API sends it: exactly the public fields, with a uuid id and a valid createdAt. */
export function expectPublicUser(user: unknown): asserts user is User {
  expect(Object.keys(user as object).sort()).toEqual(PUBLIC_USER_KEYS);
  const u = user as User;
  expect(u.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(u.createdAt))).toBe(false);
}

/** Every API error is `{ error: "<human message>" }` and nothing else. */
export function expectError(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
  message?: string | RegExp,
): string {
  if (res.statusCode !== status) {
    throw new Error(`expected HTTP ${status}, got ${res.statusCode}: ${JSON.stringify(res.json())}`);
  }
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as { error?: unknown };
  expect(Object.keys(body as object)).toEqual(['error']);
  expect(typeof body.error).toBe('string');
  const error = body.error as string;
  expect(error.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(error).toBe(message);
  else if (message) expect(error).toMatch(message);
  return error;
}

/** The boot superadmin's login: the app of `createTestAppWithSuperadmin` gets it as ADMIN_EMAIL and ADMIN_PASSWORD. */
export const BOOT_SUPERADMIN = { email: 'boss@example.com', password: 'boss-password-1' };

/** The real app booted with a superadmin (ADMIN_EMAIL and ADMIN_PASSWORD), logged in through POST /api/login. */
export async function createTestAppWithSuperadmin(): Promise<{ t: TestApp; superadmin: { authorization: string } }> {
  const t = await createTestApp({
    ADMIN_EMAIL: BOOT_SUPERADMIN.email,
    ADMIN_PASSWORD: BOOT_SUPERADMIN.password,
  });
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: BOOT_SUPERADMIN });
  if (res.statusCode !== 200) throw new Error(`superadmin login failed: ${res.statusCode} ${res.body}`);
  return { t, superadmin: bearer((res.json() as { token: string }).token) };
}

/** The app of `createTestAppWithSuperadmin`, and a plain admin. */
export async function createTestAppWithAdmins(): Promise<{
  t: TestApp;
  superadmin: { authorization: string };
  admin: Session;
}> {
  const { t, superadmin } = await createTestAppWithSuperadmin();
  return { t, superadmin, admin: await signUp(t, {}, 'admin') };
}
