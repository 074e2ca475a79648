import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Phone, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { appConfig, telHref } from '@/lib/app-config';
import { AppNavLink } from '@/lib/navigation';
import { cn } from '@/lib/utils';
import { AccountControls, NAV, navLinkClass } from './header-parts';
import { Logo } from './logo';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opened the menu: focus returns there when it closes. */
  trigger: RefObject<HTMLElement | null>;
}

/** The phone menu: a top sheet that traps focus and closes on Escape (loaded on first open). */
export default function MobileMenu({ open, onOpenChange, trigger }: Props) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 lg:hidden" />
        <DialogPrimitive.Content
          // Scrolls when taller than the screen (a phone on its side, a page zoomed to 200%).
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-2xl bg-white p-4 pb-6 shadow-2xl lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const el = trigger.current;
            if (el?.isConnected) {
              event.preventDefault();
              el.focus();
            }
          }}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <Logo />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-6!" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Mobile" className="mt-4 flex flex-col">
            {NAV.map((item) => (
              <AppNavLink
                key={item.to}
                to={item.to}
                onClick={close}
                className={(s) => cn(navLinkClass(s), 'py-3 text-base')}
              >
                {item.label}
              </AppNavLink>
            ))}
          </nav>
          <div className="mt-4 flex flex-col gap-3 border-t pt-4">
            <Button asChild variant="outline">
              <a href={telHref(appConfig.supportPhone)}>
                <Phone aria-hidden="true" />
                Call Now
              </a>
            </Button>
            <AccountControls stacked onAction={close} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
