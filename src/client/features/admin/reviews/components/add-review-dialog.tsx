/**
 * 'Add Review' (docs/product.md §2, §5 Review form): name and comment required, the rating chosen
 * from a 1-5 star select (default 5), featured off by default; POST /api/admin/reviews.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_RATING, MAX_RATING, MIN_RATING } from '@shared/constants';
import { adminReviewInputSchema } from '@shared/schemas/review';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledField } from '@/components/ui/labelled-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { StarRating } from '@/components/star-rating';
import { toast } from '@/lib/toast';
import { useCreateAdminReview, type AdminReviewValues } from '../api/create-admin-review';
import { TEXTS, TOASTS } from '../texts';

type AdminReviewInput = z.input<typeof adminReviewInputSchema>;
const EMPTY: AdminReviewInput = { name: '', rating: DEFAULT_RATING, comment: '', featured: false };

/** 5 down to 1: the usual choice first. */
const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MAX_RATING - i);
const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export function AddReviewDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateAdminReview();
  const form = useForm<AdminReviewInput, unknown, AdminReviewValues>({
    resolver: zodResolver(adminReviewInputSchema),
    defaultValues: EMPTY,
  });

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    if (!next) form.reset(EMPTY);
    setOpen(next);
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success', description: TOASTS.added });
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: () => toast({ title: 'Error', description: TOASTS.addFailed, variant: 'destructive' }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" className="self-start">
          <Plus aria-hidden />
          {TEXTS.addReview}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.addTitle}</DialogTitle>
          <DialogDescription>{TEXTS.addDescription}</DialogDescription>
        </DialogHeader>
        <ReviewFields form={form} busy={create.isPending} onSubmit={(event) => void submit(event)} />
      </DialogContent>
    </Dialog>
  );
}

interface ReviewFieldsProps {
  form: ReturnType<typeof useForm<AdminReviewInput, unknown, AdminReviewValues>>;
  busy: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

function ReviewFields({ form, busy, onSubmit }: ReviewFieldsProps) {
  const id = useId();
  const ids = { rating: `${id}-rating`, featured: `${id}-featured`, featuredHint: `${id}-featured-hint` };
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <LabelledField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </LabelledField>

      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label htmlFor={ids.rating}>Rating</Label>
            <Select
              value={String(field.value ?? DEFAULT_RATING)}
              onValueChange={(value) => field.onChange(Number(value))}
            >
              <SelectTrigger id={ids.rating} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {RATINGS.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    <span className="flex items-center gap-2">
                      <span aria-hidden>
                        <StarRating rating={n} />
                      </span>
                      {starsText(n)}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError id={`${ids.rating}-error`} message={errors.rating?.message} />
          </div>
        )}
      />

      <LabelledField label="Comment" error={errors.comment?.message}>
        {(control) => <Textarea {...control} rows={5} {...form.register('comment')} />}
      </LabelledField>

      <Controller
        control={form.control}
        name="featured"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-md border p-3">
            <div className="grid gap-1">
              <Label htmlFor={ids.featured}>Featured</Label>
              <p id={ids.featuredHint} className="text-sm text-muted-foreground">
                Show this review on your home page and reviews page.
              </p>
            </div>
            <Switch
              id={ids.featured}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={ids.featuredHint}
            />
          </div>
        )}
      />

      <DialogFooter>
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy ? 'Adding...' : TEXTS.addReview}
        </Button>
      </DialogFooter>
    </form>
  );
}
