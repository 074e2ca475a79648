import type { EmailRow, UserRow } from '../../db/schema/index.js';

/**
 * The emails whose link signs in as their account: a password reset's, and the undo link of an
 * email change (auth/password-reset.ts).
 */
export const holdsSignInLink = (kind: EmailRow['kind']) => kind === 'password-reset' || kind === 'email-changed-undo';

/**
 * Such a link's token the app keeps only as a hash (DECISIONS.md §7.3). Without SMTP_URL the kept
 * email is the only way the link reaches anyone, so a superadmin reads it and hands it on. Sent over
 * SMTP, it is for its address alone: nobody reads it in the app, and once it has gone the stored copy
 * keeps a note in its place (sender.ts).
 */
export function resetLinkReadable(row: Pick<EmailRow, 'kind' | 'status'>, reader: Pick<UserRow, 'role'>): boolean {
  return !holdsSignInLink(row.kind) || (row.status === 'kept' && reader.role === 'superadmin');
}

/** What is stored or shown of a reset email in place of its link. */
export function withheldResetEmail(status: EmailRow['status']): { html: string; text: string } {
  const text =
    status === 'kept'
      ? 'This email holds a link that signs in to the account it was sent to: only a superadmin can read it.'
      : 'This email holds a link that signs in to the account it was sent to: it is for that address only, and is not kept here.';
  return { html: `<p>${text}</p>`, text };
}
