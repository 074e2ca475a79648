import { Eye, Target } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { FeeTerms } from '../components/fee-terms';
import { PageHero, Section } from '../components/section';
import { Stats } from '../components/stats';

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Repair that comes to you"
        intro="For more than 15 years our engineers have kept homes and small businesses running. Today we do it remotely, for 10,000+ customers and counting."
      />
      <Section title="Why we exist">
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="p-6 sm:p-8">
            <Target aria-hidden="true" className="size-7 text-primary" />
            <h3 className="mt-4 text-xl font-semibold">Our mission</h3>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              To make expert computer repair fast, honest and affordable for everyone, by fixing problems remotely in
              minutes instead of days in a repair shop.
            </p>
          </Card>
          <Card className="p-6 sm:p-8">
            <Eye aria-hidden="true" className="size-7 text-primary" />
            <h3 className="mt-4 text-xl font-semibold">Our vision</h3>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              A world where nobody loses a working day, a family photo or an important file to a computer problem,
              because certified help is always one click away, 24/7.
            </p>
          </Card>
        </div>
      </Section>
      <Section title="RemoteFix in numbers" className="bg-slate-50">
        <Stats />
      </Section>
      <Section id="fees" title="Our fees" intro="Clear, fixed prices. You always know what you pay before work starts.">
        <FeeTerms />
      </Section>
    </>
  );
}
