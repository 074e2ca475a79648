import { CallToAction } from '../components/call-to-action';
import { HowItWorksSteps } from '../components/how-it-works-steps';
import { PageHero, Section } from '../components/section';
import { TicketFlow } from '../components/ticket-flow';

const FAQ = [
  {
    q: 'Is it safe to let an engineer connect to my computer?',
    a: 'Yes. Every session is encrypted end to end with 256-bit encryption, you see everything the engineer does, and you can end the session at any moment.',
  },
  {
    q: 'How long does a repair take?',
    a: 'Most issues are resolved within 30 minutes. Complex problems such as data recovery can take longer; your engineer will tell you up front.',
  },
  {
    q: 'What if my problem needs a part replaced?',
    a: 'Your engineer diagnoses it remotely and tells you exactly which part to buy or which local service to visit, so you never pay for guesswork.',
  },
  {
    q: 'When can I get help?',
    a: 'Emergency support runs 24/7. Regular support hours are Monday-Friday 9:00 AM to 6:00 PM.',
  },
];

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="Expert help without leaving your desk"
        intro="No driving to a repair shop, no leaving your laptop for days. Here is how a RemoteFix session works."
      />
      <Section title="Four simple steps">
        <HowItWorksSteps />
      </Section>
      <Section title="The life of a ticket" className="bg-slate-50">
        <TicketFlow />
      </Section>
      <Section title="Frequently asked questions">
        <dl className="mx-auto max-w-3xl divide-y rounded-xl border bg-white shadow-card">
          {FAQ.map((f) => (
            <div key={f.q} className="p-5 sm:p-6">
              <dt className="font-semibold text-slate-900">{f.q}</dt>
              <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.a}</dd>
            </div>
          ))}
        </dl>
        <CallToAction />
      </Section>
    </>
  );
}
