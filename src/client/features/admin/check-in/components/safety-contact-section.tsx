/**
 * Settings → Safety contact (docs/product.md §16 "Check-in"): who is e-mailed if she has pressed
 * 'Arrived' at a visit and not 'Leaving' by its end plus the grace. The shared schema's messages show under
 * their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { safetySettingsSchema, type SafetySettings } from '@shared/schemas/check-in';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledField } from '@/components/ui/labelled-field';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSafety } from '../api/get-safety';
import { useSaveSafety } from '../api/save-safety';

type SafetyInput = z.input<typeof safetySettingsSchema>;

export function SafetyContactSection() {
  const safety = useSafety();
  const save = useSaveSafety();
  const form = useForm<SafetyInput, unknown, SafetySettings>({
    resolver: zodResolver(safetySettingsSchema),
    defaultValues: { contactName: '', contactEmail: '', graceMinutes: 30, enabled: false },
  });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (safety.data) reset(safety.data);
  }, [safety.data, reset]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Safety contact saved' }),
      onError: (err) => {
        for (const e of err instanceof ApiError ? err.fieldErrors : [])
          form.setError(e.path as keyof SafetyInput, { message: e.message });
        toast({
          title: 'Not saved',
          description: err instanceof ApiError ? err.body?.message : String(err),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <section aria-labelledby="safety-heading" className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
      <h3 id="safety-heading" className="text-lg font-semibold">
        Safety contact
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        If you press &lsquo;Arrived&rsquo; at a visit and not &lsquo;Leaving&rsquo; by its planned end plus the grace,
        this person is e-mailed the visit&rsquo;s address, the time you arrived and your phone number (never the
        client&rsquo;s name or health). &lsquo;Leaving&rsquo; after that sends them an all-clear.
      </p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 sm:max-w-md">
        <LabelledField label="Contact name" error={errors.contactName?.message}>
          {(control) => <Input autoComplete="name" {...control} {...form.register('contactName')} />}
        </LabelledField>
        <LabelledField label="Contact e-mail" error={errors.contactEmail?.message}>
          {(control) => <Input type="email" autoComplete="email" {...control} {...form.register('contactEmail')} />}
        </LabelledField>
        <LabelledField label="Grace after the visit's end (minutes)" error={errors.graceMinutes?.message}>
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={5}
              max={240}
              {...control}
              {...form.register('graceMinutes')}
            />
          )}
        </LabelledField>
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Switch id="safety-enabled" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="safety-enabled">Alert my safety contact</Label>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending || safety.isLoading}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Save safety contact
          </Button>
        </div>
      </form>
    </section>
  );
}
