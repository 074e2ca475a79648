import { Clock, Mail, Phone, Siren } from 'lucide-react';
import { SUPPORT_HOURS } from '@shared/product';
import { Card } from '@/components/ui/card';
import { appConfig, telHref } from '@/lib/app-config';

export function ContactCards() {
  const cards = [
    { Icon: Phone, title: 'Call us', body: appConfig.supportPhone, href: telHref(appConfig.supportPhone) },
    { Icon: Mail, title: 'Email support', body: appConfig.supportEmail, href: `mailto:${appConfig.supportEmail}` },
    { Icon: Siren, title: 'Emergency support', body: SUPPORT_HOURS.emergency },
    { Icon: Clock, title: 'Regular hours', body: SUPPORT_HOURS.regular },
  ];
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ Icon, title, body, href }) => (
        <Card key={title} className="flex items-start gap-4 p-5">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{title}</h3>
            {href ? (
              <a href={href} className="mt-1 block wrap-anywhere text-sm text-primary hover:underline">
                {body}
              </a>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">{body}</p>
            )}
          </div>
        </Card>
      ))}
    </div>
  );
}
