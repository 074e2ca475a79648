/** Typed paths of the web app: link with these, never with string literals. */
export const paths = {
  home: '/',
  services: '/service',
  howItWorks: '/how-it-works',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  refundPolicy: '/refund-policy',
  dashboard: '/dashboard',
  /**
   * The hero's Start Remote Session for a signed-in customer: the dashboard sends them on to the
   * remote session of their open ticket, or opens the booking form when they have none.
   */
  startSession: '/dashboard?start=session',
  /** A ticket's own page: details, the conversation, the remote session. */
  ticket: (id: string) => `/tickets/${id}`,
  /** A ticket's page with its remote session form focused (the customer's, while not completed). */
  ticketRemoteSession: (id: string) => `/tickets/${id}?remote=1`,
  admin: '/admin',
  adminDatabase: '/admin-prisma',
  /** Staff's sign-in settings: two-factor sign-in. */
  security: '/account/security',
  authSuccess: '/auth/success',
  /** Where the password reset email links (?token=…). */
  resetPassword: '/reset-password',
  /** Where an email's unsubscribe link goes (?token=…): asks, then turns that kind of email off. */
  unsubscribe: '/unsubscribe',
  googleLogin: '/api/google/login',
  requestForm: '/#request-form',
} as const;
