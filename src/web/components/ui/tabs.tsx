import { type ComponentProps, createContext, type KeyboardEvent, useContext, useId, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs as the WAI-ARIA pattern has them (automatic activation): one Tab stop for the list, the arrow
 * keys, Home and End move between tabs and choose as they go, and only the chosen tab's panel is in
 * the page. Radix Tabs behave the same, but with their roving-focus collection they were 8 kB gzip
 * of the dashboards' first download, which open on tabs.
 */
interface TabsState {
  value: string;
  select(value: string): void;
  id(part: 'tab' | 'panel', value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('TabsList, TabsTrigger and TabsContent go inside <Tabs>');
  return tabs;
}

export function Tabs({
  value,
  defaultValue = '',
  onValueChange,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const state: TabsState = {
    value: value ?? own,
    select(next) {
      if (next === (value ?? own)) return;
      setOwn(next);
      onValueChange?.(next);
    },
    id: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext value={state}>
      <div {...props} />
    </TabsContext>
  );
}

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const next = KEYS[event.key];
    if (!next || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    tabs[next(at, tabs.length)]?.focus(); // the tab chooses itself as it takes the focus
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex max-w-full flex-wrap gap-1 rounded-xl bg-muted p-1', className)}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.id('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      // Only the chosen tab is a Tab stop; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-4 py-2 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-white data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event) => {
        // As a press starts, like Radix: the panel changes without waiting for the button to come up.
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
      }}
      onFocus={() => tabs.select(value)}
      onClick={() => tabs.select(value)}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  // The panel is a Tab stop (its first control may be far down): its focus shows, like every other.
  return (
    <div
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      tabIndex={0}
      data-state="active"
      className={cn(
        'mt-6 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
