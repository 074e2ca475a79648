import { cloneElement, type ReactElement, useId } from 'react';
import { cn } from '@/lib/utils';

interface FormFieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  /**
   * Whether the message is announced when it appears (role="alert"). Off where a toast already says
   * the same words, so a screen reader hears them once; the field still names it as its description.
   */
  announce?: boolean;
  /** One input, select or textarea: it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled field with its validation message, wired for screen readers. */
export function FormField({ label, error, hint, required, className, announce = true, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  // The hint gives way to the error (below), so it is named only while it is shown.
  const describedBy = error ? messageId : hint ? hintId : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={messageId} role={announce ? 'alert' : undefined} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
