import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { Input } from './input';

/**
 * A search input with its magnifier. The field's id and aria attributes (FormField gives them to its
 * child) go on the input itself, so the label and the hint name it, not the box around it.
 */
function SearchInput(props: ComponentProps<typeof Input>) {
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

/** A list's search box, labelled "Search", its hint saying what it looks in. */
export function SearchField({
  value,
  onChange,
  hint,
  placeholder,
  maxLength,
}: {
  value: string;
  onChange: (q: string) => void;
  hint: string;
  placeholder: string;
  /** The server's limit for the search text. */
  maxLength: number;
}) {
  return (
    <FormField label="Search" hint={hint} className="w-full sm:max-w-sm">
      <SearchInput
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A list's search and filters: stacked full width on a phone, in a row from `sm` up. */
export function ListFilters({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">{children}</div>;
}
