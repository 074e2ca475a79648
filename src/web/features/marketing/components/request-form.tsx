import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { COMPUTER_TYPES, contactBodySchema, URGENCIES } from '@shared/contracts/contact';
import { ServiceSelectFields } from '@/components/catalogue/service-select-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSubmitContact } from '../api/submit-contact';

type FormValues = z.input<typeof contactBodySchema>;

const DEFAULTS: FormValues = {
  name: '',
  phone: '',
  email: '',
  computerType: 'Desktop Computer',
  urgency: 'Low',
  mainServiceId: '',
  subServiceId: '',
  description: '',
};

/** The public repair-request form (SPEC.md §5): same schema as the server, cascading category selects. */
export function RequestForm() {
  const form = useForm<FormValues, unknown, z.output<typeof contactBodySchema>>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const [mainServiceId, subServiceId] = useWatch({ control: form.control, name: ['mainServiceId', 'subServiceId'] });
  const mutation = useSubmitContact();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success('Thank you! Your request has been submitted.');
      form.reset(DEFAULTS);
    } catch (err) {
      // SPEC.md §8: the server's refusal, else an exception (no answer at all).
      if (err instanceof ApiError) toast.error(err.message || 'Failed to submit request');
      else toast.error('Something went wrong submitting your request');
    }
  });

  return (
    <Card className="p-5 sm:p-8">
      <form onSubmit={onSubmit} noValidate aria-label="Repair request" className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" error={errors.name?.message} required>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Phone Number" error={errors.phone?.message} required>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required className="sm:col-span-2">
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <ServiceSelectFields
          labels={{
            main: 'Main Category',
            sub: 'Subcategory',
            mainPlaceholder: 'Select a category',
            subPlaceholder: 'Select a subcategory',
            subHint: 'Choose a main category first',
          }}
          mainServiceId={mainServiceId}
          subServiceId={subServiceId}
          // A new category empties the subcategory: the old one belongs to another category.
          mainField={form.register('mainServiceId', { onChange: () => form.setValue('subServiceId', '') })}
          subField={form.register('subServiceId')}
          errors={{ main: errors.mainServiceId?.message, sub: errors.subServiceId?.message }}
        />
        <FormField label="Computer Type" error={errors.computerType?.message}>
          <NativeSelect {...form.register('computerType')}>
            {COMPUTER_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Urgency" error={errors.urgency?.message}>
          <NativeSelect {...form.register('urgency')}>
            {URGENCIES.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Describe the problem" error={errors.description?.message} required className="sm:col-span-2">
          <Textarea
            rows={4}
            placeholder="What happens, since when, and any error messages you see"
            {...form.register('description')}
          />
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" variant="hero" className="w-full sm:w-auto" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Sending your request" /> : <Send aria-hidden="true" />}
            Submit Request
          </Button>
        </div>
      </form>
    </Card>
  );
}
