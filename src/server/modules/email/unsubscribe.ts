import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../shared/contracts/emails.js';
import { idSchema } from '../../../shared/contracts/common.js';

/**
 * The one-click unsubscribe links of optional emails: `<user id>.<topic>.<signature>`, an HMAC under a
 * key derived from JWT_SECRET. They do not expire (an email read a year later still unsubscribes) and
 * can do one thing only: turn that kind of email off for that account. A new JWT_SECRET voids them.
 */
export function unsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('remotefix email unsubscribe').digest();
  const sign = (userId: string, topic: NotificationTopic) =>
    createHmac('sha256', key).update(`${userId}:${topic}`).digest();
  return {
    make: (userId: string, topic: NotificationTopic) =>
      `${userId}.${topic}.${sign(userId, topic).toString('base64url')}`,
    /** The account and topic a genuine token names; null for anything else. */
    read(token: string): { userId: string; topic: NotificationTopic } | null {
      const [userId = '', topic = '', signature = '', ...rest] = token.split('.');
      if (rest.length > 0 || !idSchema.safeParse(userId).success) return null;
      if (!(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
      const expected = sign(userId, topic as NotificationTopic);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, topic: topic as NotificationTopic };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
