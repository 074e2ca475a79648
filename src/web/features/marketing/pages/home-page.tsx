import { lazy, Suspense } from 'react';
import { ContactCards } from '../components/contact-cards';
import { Hero } from '../components/hero';
import { Section } from '../components/section';
import { ServiceCards } from '../components/service-cards';
import { StaffRedirect } from '../components/staff-redirect';
import { TicketFlow } from '../components/ticket-flow';

// Below the fold, and the one part of / that needs react-hook-form and zod: it loads after first paint.
const RequestForm = lazy(() => import('../components/request-form').then((m) => ({ default: m.RequestForm })));

/** Keeps the form's space while it loads, so nothing below it jumps. */
function RequestFormPlaceholder() {
  return <div className="h-[46rem] animate-pulse rounded-xl border bg-white sm:h-[34rem]" aria-hidden="true" />;
}

export default function HomePage() {
  return (
    <>
      <StaffRedirect />
      <Hero />
      <Section
        id="request-form"
        eyebrow="Free callback"
        title="Request a repair"
        intro="Tell us what is wrong and we will call you back. No account needed."
        className="bg-slate-50"
      >
        <div className="mx-auto max-w-3xl">
          <Suspense fallback={<RequestFormPlaceholder />}>
            <RequestForm />
          </Suspense>
        </div>
      </Section>
      <Section
        id="services"
        eyebrow="What we fix"
        title="Remote repair services"
        intro="From a slow start-up to a failing drive, our engineers handle it remotely."
        className="bg-slate-50"
      >
        <ServiceCards />
      </Section>
      {/* One account of the process (the ticket's five steps, with the fees), not two: the four
          steps that told it again in other words are on the How It Works page. */}
      <Section
        id="how-it-works"
        eyebrow="How it works"
        title="From booking to fixed in five steps"
        intro="Fixed fees, no surprises: you pay the booking fee to open a ticket and the second fee only once your engineer starts."
      >
        <TicketFlow />
      </Section>
      <Section id="contact" eyebrow="Talk to us" title="We are here to help" className="bg-slate-50">
        <ContactCards />
      </Section>
    </>
  );
}
