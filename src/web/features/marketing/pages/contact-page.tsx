import { ContactCards } from '../components/contact-cards';
import { RequestForm } from '../components/request-form';
import { PageHero, Section } from '../components/section';

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to a real engineer"
        intro="Call us, email us, or send a repair request and we will get back to you."
      />
      <Section title="Reach us">
        <ContactCards />
      </Section>
      <Section id="request-form" title="Send a repair request" className="bg-slate-50">
        <div className="mx-auto max-w-3xl">
          <RequestForm />
        </div>
      </Section>
    </>
  );
}
