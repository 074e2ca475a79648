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
  /** A ticket's own page: details, the conversation, the remote session. */
  ticket: (id: string) => `/tickets/${id}`,
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
