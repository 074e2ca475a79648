import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMainServices, useSubServices } from '@/lib/catalogue';
import { useHydrated } from '@/lib/use-hydrated';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';

const NO_ISSUES = 'No issues are listed in this category yet: choose another category, or call us.';

interface Props {
  labels: { main: string; sub: string; mainPlaceholder: string; subPlaceholder: string; subHint: string };
  /** The chosen main service: the sub-service select stays disabled until there is one. */
  mainServiceId: string;
  /** The chosen sub-service (the form's value: the selects show what the form holds). */
  subServiceId: string;
  mainField: UseFormRegisterReturn;
  subField: UseFormRegisterReturn;
  errors: { main?: string | undefined; sub?: string | undefined };
}

/**
 * The cascading "category → issue" pair of selects used by the public request form and the
 * booking form. The caller clears the sub-service when the main one changes (in its register onChange).
 */
export function ServiceSelectFields({ labels, mainServiceId, subServiceId, mainField, subField, errors }: Props) {
  const hydrated = useHydrated();
  const mainsQuery = useMainServices();
  // Until hydrated, as the server rendered it (loading), though the catalogue may be here already.
  const mains = hydrated ? mainsQuery : { isPending: true, isError: false, data: undefined };
  const subs = useSubServices(mainServiceId);
  // A category an admin has added no issues to yet cannot be chosen through: say so, not an empty list.
  const noIssues = Boolean(mainServiceId) && subs.data?.length === 0;
  const subHint = !mainServiceId ? labels.subHint : noIssues ? NO_ISSUES : undefined;
  return (
    <>
      <FormField label={labels.main} error={errors.main} required>
        {/* Controlled (the value the form holds): a value restored from a kept draft shows once the
            options arrive, where an uncontrolled select, drawn without them, would stay on the first. */}
        <NativeSelect {...mainField} value={mainServiceId} disabled={mains.isPending} aria-busy={mains.isPending}>
          <option value="">{mains.isPending ? 'Loading…' : labels.mainPlaceholder}</option>
          {mains.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={labels.sub} error={errors.sub && noIssues ? NO_ISSUES : errors.sub} hint={subHint} required>
        <NativeSelect
          {...subField}
          value={subServiceId}
          disabled={!mainServiceId || subs.isPending || noIssues}
          aria-busy={Boolean(mainServiceId) && subs.isPending}
        >
          <option value="">{mainServiceId && subs.isPending ? 'Loading…' : labels.subPlaceholder}</option>
          {subs.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {mains.isError && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          We could not load the service categories. Please refresh the page or call us.
        </p>
      )}
      {Boolean(mainServiceId) && subs.isError && !subs.isFetching && (
        <p role="alert" className="flex flex-wrap items-center gap-x-2 text-sm text-destructive sm:col-span-2">
          We could not load the issues of this category.
          <button type="button" className="font-medium underline" onClick={() => void subs.refetch()}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
