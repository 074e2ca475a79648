import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/product';
import { appConfig } from '@/lib/app-config';
import { PageHero } from './section';

/** When the legal pages were last changed: change it with their text. */
export const LEGAL_UPDATED = '26 November 2026';

/**
 * A legal page (privacy, terms, refunds: what a payment provider asks a merchant's site to show):
 * the marketing hero, then numbered sections of plain text in one readable column.
 */
export function LegalPage({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm text-muted-foreground">Last updated {LEGAL_UPDATED}.</p>
        <div className="mt-6 flex flex-col gap-8 text-[15px] leading-relaxed text-slate-700 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-5">
          {children}
        </div>
      </div>
    </>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-bold tracking-tight text-slate-900">{title}</h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

/** How to reach us about any of it: the support email and phone of every page. */
export function LegalContact() {
  return (
    <p>
      Write to <a href={`mailto:${appConfig.supportEmail}`}>{appConfig.supportEmail}</a> or call{' '}
      {appConfig.supportPhone}. {PRODUCT_NAME} answers within two working days.
    </p>
  );
}
