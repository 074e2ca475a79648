import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * The button kit of SPEC.md §2: variants and sizes. A disabled button of any variant turns grey:
 * faded colour alone read as enabled.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-all duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:pointer-events-none aria-disabled:border-transparent aria-disabled:bg-slate-200 aria-disabled:bg-none aria-disabled:text-slate-500 aria-disabled:shadow-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-red-700',
        outline: 'border border-input bg-white text-foreground hover:bg-muted hover:border-slate-400',
        outlineNoHover: 'border border-input bg-white text-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-indigo-200',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline px-0',
        hero: 'bg-gradient-to-r from-blue-600 to-cyan-700 text-white shadow-glow hover:brightness-90 hover:-translate-y-0.5',
        tech: 'bg-navy text-cyan-300 border border-cyan-500/40 font-mono hover:bg-slate-900 hover:border-cyan-400',
        glass: 'bg-white/10 text-white border border-white/25 backdrop-blur-md hover:bg-white/20',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3 text-[13px]',
        lg: 'h-11 px-6 text-base',
        xl: 'h-13 px-8 text-base sm:text-lg',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** A disabled button's clicks (a mouse, Enter or Space, a form's implicit submission) do nothing. */
const ignoreClick = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

/**
 * `disabled` is said with aria-disabled, not the attribute: a button disabled while its form saves
 * keeps the focus, where a natively disabled one drops it to <body> and the next Tab starts again at
 * the top of the page. It stays in the tab order and ignores clicks until enabled.
 */
export function Button({ className, variant, size, asChild = false, type, disabled, onClick, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot className={classes} onClick={onClick} {...props} />;
  return (
    <button
      className={classes}
      type={type ?? 'button'}
      aria-disabled={disabled || undefined}
      onClick={disabled ? ignoreClick : onClick}
      {...props}
    />
  );
}
