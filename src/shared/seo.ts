import { PRODUCT_NAME } from './product.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Listed in sitemap.xml and robots.txt when true. */
  marketing: boolean;
}

/**
 * Per-page title and description. The server writes them into the HTML it sends (so
 * crawlers see them without JavaScript) and the web app sets them again on navigation.
 */
export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: `${PRODUCT_NAME} | Remote Computer & Laptop Repair, 24/7`,
    description:
      'Fix your computer or laptop remotely with certified engineers. Book a support ticket in minutes; most issues resolved within 30 minutes, 24/7.',
    marketing: true,
  },
  '/service': {
    title: `Services | ${PRODUCT_NAME} Remote Repair`,
    description:
      'Hardware diagnostics, software fixes, virus removal, data recovery, networking and OS installation: every remote repair service RemoteFix offers.',
    marketing: true,
  },
  '/how-it-works': {
    title: `How It Works | ${PRODUCT_NAME}`,
    description:
      'Book a ticket, pay the booking fee, get matched with an engineer and watch your computer get fixed over a secure, encrypted remote session.',
    marketing: true,
  },
  '/about': {
    title: `About Us & Fees | ${PRODUCT_NAME}`,
    description:
      'Our mission, our vision, 15+ years of repair experience and 10,000+ customers, plus our clear, fixed fee terms for remote support.',
    marketing: true,
  },
  '/contact': {
    title: `Contact | ${PRODUCT_NAME} Support`,
    description:
      'Call, email or send a repair request to RemoteFix. Emergency support 24/7; regular hours Monday-Friday 9:00 AM to 6:00 PM.',
    marketing: true,
  },
  // The legal pages a payment provider asks a merchant's site to show.
  '/privacy': {
    title: `Privacy Policy | ${PRODUCT_NAME}`,
    description:
      'What RemoteFix collects when you book a remote repair, why, who sees it, how long it is kept and how to ask for a copy or deletion.',
    marketing: true,
  },
  '/terms': {
    title: `Terms of Service | ${PRODUCT_NAME}`,
    description:
      'The terms of RemoteFix remote computer repair: your account, the fixed ₹99 booking and ₹299 in-progress fees, remote access and liability.',
    marketing: true,
  },
  '/refund-policy': {
    title: `Refund and Cancellation Policy | ${PRODUCT_NAME}`,
    description:
      'RemoteFix fees are fixed, non-refundable and exclusive of taxes: ₹99 to book, ₹299 once in progress. When we refund, and how to cancel.',
    marketing: true,
  },
  '/dashboard': {
    title: `Dashboard | ${PRODUCT_NAME}`,
    description: 'Your RemoteFix tickets and profile.',
    marketing: false,
  },
  '/admin': {
    title: `Admin | ${PRODUCT_NAME}`,
    description: 'Run the RemoteFix service.',
    marketing: false,
  },
  '/admin-prisma': {
    title: `Database viewer | ${PRODUCT_NAME}`,
    description: 'RemoteFix database records.',
    marketing: false,
  },
  '/account/security': {
    title: `Account security | ${PRODUCT_NAME}`,
    description: 'Two-factor sign-in for your RemoteFix staff account.',
    marketing: false,
  },
  '/reset-password': {
    title: `Choose a new password | ${PRODUCT_NAME}`,
    description: 'Set a new RemoteFix password from the link in your reset email.',
    marketing: false,
  },
  '/unsubscribe': {
    title: `Email settings | ${PRODUCT_NAME}`,
    description: 'Stop a kind of RemoteFix email.',
    marketing: false,
  },
  '/auth/success': {
    title: `Signing you in | ${PRODUCT_NAME}`,
    description: 'Completing sign-in.',
    marketing: false,
  },
};

export const NOT_FOUND_META: PageMeta = {
  title: `Page Not Found | ${PRODUCT_NAME}`,
  description: 'The page you were looking for does not exist.',
  marketing: false,
};

/** A ticket's own page, /tickets/{id} (DECISIONS.md §7.2): one page for every id. */
export const TICKET_PAGE = { pattern: /^\/tickets\/[^/]+$/, route: '/tickets/:id' } as const;
export const TICKET_META: PageMeta = {
  title: `Ticket | ${PRODUCT_NAME}`,
  description: 'A RemoteFix ticket and its conversation.',
  marketing: false,
};

export const metaForPath = (path: string): PageMeta | undefined => {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PAGE_META[clean] ?? (TICKET_PAGE.pattern.test(clean) ? TICKET_META : undefined);
};

export const MARKETING_PATHS = Object.entries(PAGE_META)
  .filter(([, m]) => m.marketing)
  .map(([p]) => p);
