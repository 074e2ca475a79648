import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One row of a card's <dl>: an icon standing for the label (read out to screen readers), then the value. */
export function DetailRow({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-4 text-slate-500" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={cn('min-w-0', className)}>{children}</dd>
    </div>
  );
}
