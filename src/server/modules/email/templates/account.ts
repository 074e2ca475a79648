import { button, type EmailContent, note, p, strong } from './blocks.js';

/** The password reset link (always sent). An account without a password (Google only) sets one this way. */
export function passwordResetEmail(input: {
  productName: string;
  name: string;
  email: string;
  hasPassword: boolean;
  url: string;
  minutes: number;
}): EmailContent {
  const action = input.hasPassword ? 'reset the password' : 'set a password';
  return {
    subject: `${input.hasPassword ? 'Reset' : 'Set'} your ${input.productName} password`,
    preheader: `This link works once, for ${input.minutes} minutes.`,
    heading: input.hasPassword ? 'Reset your password' : 'Set a password',
    blocks: [
      p(`Hi ${input.name},`),
      p(`Someone, hopefully you, asked to ${action} of the ${input.productName} account `, strong(input.email), '.'),
      button(input.hasPassword ? 'Choose a new password' : 'Set a password', input.url),
      p(
        `The link works once and expires in ${input.minutes} minutes. Using it signs you in and signs out every other session of your account.`,
      ),
      note('If you did not ask for this, ignore this email: nothing changes until the link is used.'),
    ],
  };
}

/**
 * The account's password was changed from a signed-in session (always sent): an owner whose session
 * was taken learns of it, and how to take the account back, before anything else changes.
 */
export function passwordChangedEmail(input: { productName: string; name: string }): EmailContent {
  return {
    subject: `Your ${input.productName} password was changed`,
    preheader: 'Every other session of your account was signed out.',
    heading: 'Your password was changed',
    blocks: [
      p(`Hi ${input.name},`),
      p(`The password of your ${input.productName} account was just changed, and every other session was signed out.`),
      note(
        'If you made this change, there is nothing to do. If you did not, choose a new password right away with "Forgot password?" on the login form, and contact our support below.',
      ),
    ],
  };
}

/**
 * The account's email changed (always sent). Changed by its owner: to the address it had, so an
 * owner whose session was taken learns of it, with the link that takes the account back even after a
 * reset through the new address (`undoUrl`; none for an address a recent change set:
 * auth/password-reset.ts). Corrected by an admin: to the new address, as the old one may be the
 * mistyped one. Neither names the other address.
 */
export function emailChangedEmail(input: {
  productName: string;
  name: string;
  byAdmin: boolean;
  undoUrl?: string | undefined;
}): EmailContent {
  if (input.byAdmin) {
    return {
      subject: `Your ${input.productName} sign-in email is now this address`,
      preheader: `${input.productName} support changed the email of your account.`,
      heading: 'Your sign-in email changed',
      blocks: [
        p(`Hi ${input.name},`),
        p(
          `${input.productName} support changed the email of your account to this address. Sign in with it from now on; your password is the same.`,
        ),
        note('If you did not ask for this, reply to our support address below.'),
      ],
    };
  }
  const changed = p(
    `The ${input.productName} account that used this address now uses another one, changed from its profile.`,
  );
  const told = {
    subject: `The email of your ${input.productName} account was changed`,
    preheader: 'It is no longer this address.',
    heading: 'Your account’s email was changed',
  };
  if (input.undoUrl === undefined) {
    // This address was itself set from the profile a few days ago: the link went to the one before.
    return {
      ...told,
      blocks: [
        changed,
        p(
          'If you made this change, there is nothing to do. If you did not, the address the account used before this one was sent a link that takes it back; or reply to our support address below.',
        ),
      ],
    };
  }
  return {
    ...told,
    blocks: [
      changed,
      p(
        'If you made this change, there is nothing to do. If you did not, someone may be signed in to your account: take it back now. You choose a new password; the account’s email becomes this address again, and every session, theirs included, is signed out.',
      ),
      button('Take my account back', input.undoUrl),
      note('The link works once, for 7 days, even if the password is changed in the meantime. Our support is below.'),
    ],
  };
}

/** An admin suspended the account, or lifted its suspension (always sent: the login says no more). */
export function suspensionEmail(input: { productName: string; name: string; suspended: boolean }): EmailContent {
  if (input.suspended) {
    return {
      subject: `Your ${input.productName} account is suspended`,
      preheader: 'You cannot sign in until it is reinstated.',
      heading: 'Your account is suspended',
      blocks: [
        p(`Hi ${input.name},`),
        p(
          `${input.productName} support has suspended your account: you are signed out and cannot sign in until it is reinstated. Your tickets and payments are kept.`,
        ),
        note('If you think this is a mistake, contact our support below.'),
      ],
    };
  }
  return {
    subject: `Your ${input.productName} account is active again`,
    preheader: 'You can sign in again.',
    heading: 'Your account is active again',
    blocks: [
      p(`Hi ${input.name},`),
      p(`${input.productName} support has lifted the suspension of your account: you can sign in again as before.`),
    ],
  };
}
