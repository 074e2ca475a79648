import { Clock, Mail, Phone } from 'lucide-react';
import { AppLink } from '@/lib/navigation';
import { PRODUCT_NAME, SUPPORT_HOURS } from '@shared/product';
import { paths } from '@/config/paths';
import { appConfig, telHref } from '@/lib/app-config';
import { Logo } from './logo';

const SUPPORT_LINKS = [
  { to: paths.services, label: 'Services' },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.about, label: 'About & Fees' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.requestForm, label: 'Request a Repair' },
] as const;

/** The policies a payment provider asks every page of a merchant's site to link to. */
const LEGAL_LINKS = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.refundPolicy, label: 'Refund and Cancellation Policy' },
] as const;

/** The footer of every non-admin page: contact details, support links and service hours. */
export function SiteFooter() {
  return (
    <footer className="bg-navy text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo inverted />
          <p className="text-sm leading-relaxed text-slate-400">
            Certified engineers fixing computers and laptops remotely, over a secure encrypted connection.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={telHref(appConfig.supportPhone)}
                className="inline-flex min-h-6 items-center gap-2 hover:text-white"
              >
                <Phone aria-hidden="true" className="size-4 text-cyan-400" />
                {appConfig.supportPhone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${appConfig.supportEmail}`}
                className="inline-flex min-h-6 items-center gap-2 hover:text-white"
              >
                <Mail aria-hidden="true" className="size-4 text-cyan-400" />
                {appConfig.supportEmail}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Support">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Support</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {SUPPORT_LINKS.map((l) => (
              <li key={l.to}>
                {/* At least 24 px tall, a comfortable target for a finger (WCAG 2.5.8). */}
                <AppLink to={l.to} className="inline-flex min-h-6 items-center hover:text-white">
                  {l.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Service hours</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-cyan-400" />
              <span>
                <span className="block font-medium text-white">Emergency</span>
                {SUPPORT_HOURS.emergency}
              </span>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-cyan-400" />
              <span>
                <span className="block font-medium text-white">Regular</span>
                {SUPPORT_HOURS.regular}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-1">
              {LEGAL_LINKS.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to} className="inline-flex min-h-6 items-center hover:text-white">
                    {l.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
