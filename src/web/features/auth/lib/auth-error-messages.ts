/** What each `?authError=` the Google callback can send back means, in the user's words. */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  not_configured: 'Google sign-in is not configured yet. Please log in with your email and password.',
  unavailable: 'Google sign-in is unavailable right now. Please try again in a moment.',
  denied: 'Google sign-in was cancelled.',
  state: 'Your Google sign-in expired or was already used. Please try again.',
  token: 'Google sign-in could not be verified. Please try again.',
  unverified_email: 'Your Google email address is not verified, so we cannot sign you in with it.',
  no_email: 'Google did not share an email address, which we need to sign you in.',
  staff_account:
    'This is a staff account: Google sign-in is for customers. Please log in with your email and password.',
  suspended: 'This account is suspended. Please contact RemoteFix support.',
};
