import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input';

/**
 * A search input with its magnifier. The field's id and aria attributes (FormField gives them to its
 * child) go on the input itself, so the label and the hint name it, not the box around it.
 */
export function SearchInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input type="search" {...props} className="pl-9" />
    </div>
  );
}
