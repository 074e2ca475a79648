import { CallToAction } from '../components/call-to-action';
import { PageHero, Section } from '../components/section';
import { ServiceCards } from '../components/service-cards';
import { TicketFlow } from '../components/ticket-flow';

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Everything we fix, remotely"
        intro="Certified engineers for hardware diagnostics, software problems, malware, lost data, networks and operating systems."
      />
      <Section title="Our service catalogue" intro="Pick the category and issue type when you book a ticket.">
        <ServiceCards detailed />
      </Section>
      <Section title="From booking to fixed" className="bg-slate-50">
        <TicketFlow />
        <CallToAction />
      </Section>
    </>
  );
}
