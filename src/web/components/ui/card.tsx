import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The card kit of SPEC.md §2. */
export const cardVariants = cva('rounded-xl', {
  variants: {
    variant: {
      default: 'border bg-white shadow-card',
      tech: 'border border-cyan-500/30 bg-navy text-slate-100 shadow-[0_0_0_1px_rgb(6_182_212/0.1),0_10px_30px_-12px_rgb(6_182_212/0.35)]',
      glass: 'border border-white/20 bg-white/10 text-white backdrop-blur-md',
      feature:
        'border bg-gradient-to-b from-white to-slate-50 shadow-card transition-all duration-200 hover:-translate-y-1 hover:shadow-lg hover:border-blue-200',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Card({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ variant }), className)} {...props} />;
}
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}
/** A card's title: an h2, the level of a page's sections under its h1 (a skipped level trips screen readers). */
export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0 sm:p-6 sm:pt-0', className)} {...props} />;
}
