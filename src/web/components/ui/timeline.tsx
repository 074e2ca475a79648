import type { ReactNode } from 'react';

/** A history, oldest first, down a line: each entry a dot, a title, what it says, and when and by whom. */
export function Timeline({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol aria-label={label} className="relative flex flex-col gap-4 border-l pl-5">
      {children}
    </ol>
  );
}

export function TimelineEntry({ title, detail, meta }: { title: string; detail?: string; meta: string }) {
  return (
    <li data-page-item className="text-sm">
      <span className="absolute -left-1.5 mt-1.5 size-3 rounded-full bg-primary" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {detail && <p className="wrap-anywhere text-slate-700">{detail}</p>}
      <p className="text-xs text-muted-foreground">{meta}</p>
    </li>
  );
}
