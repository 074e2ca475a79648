import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { ServiceRef } from '@shared/contracts/catalogue';
import { subServicesQuery, useMainServices } from '@/lib/catalogue';
import { Card } from '@/components/ui/card';
import { serviceBlurb, ServiceIcon } from './service-icon';

function SubServiceList({ mainId }: { mainId: string }) {
  const subs = useQuery(subServicesQuery(mainId));
  if (subs.isPending) return <div className="mt-4 h-20 animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  if (!subs.data?.length) return null;
  return (
    <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
      {subs.data.map((s) => (
        <li key={s.id} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

function ServiceCard({ service, detailed }: { service: ServiceRef; detailed: boolean }) {
  return (
    <Card variant="feature" className="flex flex-col p-6">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-blue-600 to-cyan-500 text-white shadow-glow">
        <ServiceIcon name={service.name} className="size-6" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{service.name}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{serviceBlurb(service.name)}</p>
      {detailed && <SubServiceList mainId={service.id} />}
    </Card>
  );
}

/**
 * The catalogue as cards; `detailed` lists each card's sub-services too. On / and /service it is in
 * the server's HTML (CatalogueSeed); the placeholders show only where the app moves to a page in place.
 */
export function ServiceCards({ detailed = false }: { detailed?: boolean }) {
  const mains = useMainServices();
  if (mains.isPending) {
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-48 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    );
  }
  if (mains.isError) {
    return (
      <p role="alert" className="text-center text-muted-foreground">
        We could not load our services just now. Please refresh the page.
      </p>
    );
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {mains.data.map((s) => (
        <ServiceCard key={s.id} service={s} detailed={detailed} />
      ))}
    </div>
  );
}
