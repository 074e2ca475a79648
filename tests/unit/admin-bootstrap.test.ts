import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { prepareDatabase } from '../../src/server/db/bootstrap.js';
import type { Database } from '../../src/server/db/client.js';
import { services, users } from '../../src/server/db/schema/index.js';
import { verifyPassword } from '../../src/server/modules/auth/passwords.js';
import { findUserByEmail, updateUser } from '../../src/server/modules/auth/queries.js';
import { createAccount } from '../../src/server/modules/auth/service.js';
import { demoteSuperadmin } from '../../src/server/modules/auth/superadmins.js';
import type { User } from '../../src/shared/contracts/auth.js';
import { expectError } from '../support/api.js';
import { createTestApp, freshDatabase, type TestApp } from '../support/test-app.js';

/**
 * The superadmin the boot makes from ADMIN_EMAIL and ADMIN_PASSWORD, on a fresh database and on one
 * that already holds the address. How the variables are read: config.test.ts.
 */

describe('superadmin bootstrap (ADMIN_EMAIL + ADMIN_PASSWORD)', () => {
  describe('on a fresh database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        ADMIN_EMAIL: 'Root@Example.com',
        ADMIN_PASSWORD: 'root-password-1',
        ADMIN_NAME: 'Root',
      });
    });
    afterAll(() => t.close());

    it('creates that account as a superadmin that can log in', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'root@example.com', password: 'root-password-1' },
      });
      expect(res.statusCode).toBe(200);
      const { user, token } = res.json() as { user: User; token: string };
      expect(user).toMatchObject({ email: 'root@example.com', name: 'Root', role: 'superadmin' });
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect((me.json() as { user: User }).user.role).toBe('superadmin');
    });

    it('stores its password as an argon2id hash', async () => {
      const row = await findUserByEmail(t.database.db, 'root@example.com');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('makes exactly one superadmin, and nobody can sign up with its email', async () => {
      const supers = await t.database.db.select().from(users).where(eq(users.role, 'superadmin'));
      expect(supers).toHaveLength(1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { name: 'Imposter', email: 'ROOT@example.com', phone: '+91 98765 43210', password: 'imposter-pass-1' },
      });
      expectError(res, 409);
    });
  });

  describe('on an existing database', () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await freshDatabase());
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it('promotes an existing user with that email, and running it again changes nothing', async () => {
      await prepareDatabase(database, { admin: undefined });
      const serviceCount = async () => (await database.db.select().from(services)).length;
      const servicesBefore = await serviceCount();
      expect(servicesBefore).toBeGreaterThan(0);

      const existing = await createAccount(database.db, {
        name: 'Existing Customer',
        email: 'owner@example.com',
        phone: '+91 98765 43210',
        password: 'old-password-1',
      });
      expect(existing.role).toBe('user');
      // It has a Google account linked too (made through Google, or with the address written in later).
      await updateUser(database.db, existing.id, { googleSub: 'claimer-google-sub' });

      const config = loadConfig({ ADMIN_EMAIL: ' Owner@Example.COM ', ADMIN_PASSWORD: 'new-password-1' });
      await prepareDatabase(database, config);

      const rows = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(rows).toHaveLength(1);
      const promoted = rows[0]!;
      expect(promoted.id).toBe(existing.id);
      expect(promoted.role).toBe('superadmin');
      expect(promoted.name).toBe('Existing Customer');
      // Whoever held the account before (someone may have claimed the address first) keeps nothing:
      // every session signed before ends, and no Google account opens it until one proves the address.
      expect(promoted.tokenVersion).toBe(existing.tokenVersion + 1);
      expect(promoted.googleSub).toBeNull();
      // ADMIN_PASSWORD is the password from now on.
      expect(await verifyPassword(promoted.passwordHash, 'new-password-1')).toBe(true);
      expect(await verifyPassword(promoted.passwordHash, 'old-password-1')).toBe(false);

      // Idempotent: a restart neither duplicates the catalogue nor rewrites the account.
      await prepareDatabase(database, config);
      expect(await serviceCount()).toBe(servicesBefore);
      const [again] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(again).toEqual(promoted);
      expect(await database.db.$count(users)).toBe(1);
    });

    it('a changed ADMIN_PASSWORD ends the superadmin’s earlier sessions; the same one changes nothing', async () => {
      const config = loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'rotated-password-2' });
      const [before] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      await prepareDatabase(database, config);
      const [after] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);
      expect(await verifyPassword(after!.passwordHash, 'rotated-password-2')).toBe(true);
      await prepareDatabase(database, config);
      const [again] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(again!.tokenVersion).toBe(after!.tokenVersion);
    });

    // Issue 26: with a new ADMIN_EMAIL the old superadmin silently kept its role. It still does (a
    // typo in ADMIN_EMAIL must not lock the real owner out), but every boot now says so, naming the
    // accounts and how to demote them.
    it('a changed ADMIN_EMAIL keeps the old superadmin, with a warning naming it and how to demote it', async () => {
      expect(
        await prepareDatabase(
          database,
          loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'rotated-password-2' }),
        ),
      ).toEqual([]);

      const config = loadConfig({ ADMIN_EMAIL: 'successor@example.com', ADMIN_PASSWORD: 'successor-password-3' });
      const warnings = await prepareDatabase(database, config);
      const supers = await database.db.select().from(users).where(eq(users.role, 'superadmin'));
      expect(supers.map((u) => u.email).sort()).toEqual(['owner@example.com', 'successor@example.com']);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.detail).toEqual({ otherSuperadmins: ['owner@example.com'] });
      expect(warnings[0]!.msg).toContain('owner@example.com');
      expect(warnings[0]!.msg).toContain('scripts/demote-superadmin.ts');
      expect(warnings[0]!.msg).toMatch(/UPDATE users SET role = 'admin'/);

      // Demoted as the warning says: its sessions end, and the next boot says nothing.
      const [before] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      const demoted = await demoteSuperadmin(database.db, ' Owner@Example.com ', 'admin', config.admin);
      expect(demoted).toMatchObject({ email: 'owner@example.com', role: 'admin' });
      expect(demoted.tokenVersion).toBe(before!.tokenVersion + 1);
      expect(await prepareDatabase(database, config)).toEqual([]);

      // ADMIN_EMAIL's own account is not demoted (the next boot would promote it again), nor a non-superadmin.
      await expect(demoteSuperadmin(database.db, 'successor@example.com', 'admin', config.admin)).rejects.toThrow(
        /ADMIN_EMAIL/,
      );
      await expect(demoteSuperadmin(database.db, 'owner@example.com', 'user', config.admin)).rejects.toThrow(
        /not a superadmin/,
      );
      // Run without the server's ADMIN_EMAIL (an operator's shell): the last superadmin is kept, or no
      // one could run the service until the next boot.
      await expect(demoteSuperadmin(database.db, 'successor@example.com', 'admin', undefined)).rejects.toThrow(
        /only superadmin/,
      );
    });
  });
});
