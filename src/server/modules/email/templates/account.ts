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
