import { AppLink } from '@/lib/navigation';
import { PRODUCT_NAME } from '@shared/product';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <AppLink
      to={paths.home}
      className={cn('inline-flex shrink-0 items-center gap-2 rounded-md', className)}
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className={cn('text-lg font-extrabold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
        {/* On the dark footer the brand blue is too dark to read (WCAG contrast): use the light accent. */}
        Remote<span className={inverted ? 'text-cyan-400' : 'text-primary'}>Fix</span>
      </span>
    </AppLink>
  );
}
