import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_RATING, REVIEW_HONEYPOT_FIELD } from '@shared/constants';
import type { ReviewInput } from '@shared/schemas/review';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useCreateReview, type ReviewValues } from '../api/create-review';
import { StarRatingInput } from './star-rating-input';

const EMPTY: ReviewInput = { name: '', rating: DEFAULT_RATING, comment: '' };

// Its schema (and zod) load on the form's first focus: /review's first load carries none of it (decision 040).
const validation = lazyResolver<ReviewInput, ReviewValues>(() =>
  import('../review-resolver').then((m) => m.reviewResolver),
);

/** 'Share Your Experience' (docs/product.md §2, §5): name, rating 1-5 (default 5), comment; POST /api/reviews. */
export function ReviewForm({ headingId }: { headingId?: string }) {
  const id = useId();
  const ids = { rating: `${id}-rating`, honeypot: `${id}-${REVIEW_HONEYPOT_FIELD}` };
  const honeypot = useRef<HTMLInputElement>(null);

  const form = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: validation.resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = useCreateReview({
    onSuccess: () => {
      toast({ title: 'Thank you!', description: 'Your review has been submitted successfully.' });
      form.reset(EMPTY);
      if (honeypot.current) honeypot.current.value = '';
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to submit review', variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit((values) => submit.mutate({ values, honeypot: honeypot.current?.value ?? '' }));

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onFocus={validation.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      {/* Bots fill in every field; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={ids.honeypot}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={ids.honeypot}
          type="text"
          name={REVIEW_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
          defaultValue=""
        />
      </div>

      <LabelledField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </LabelledField>

      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <div className="grid gap-2">
            <StarRatingInput
              name={field.name}
              value={field.value ?? DEFAULT_RATING}
              onChange={field.onChange}
              onBlur={field.onBlur}
              errorId={errors.rating ? `${ids.rating}-error` : undefined}
            />
            <FieldError id={`${ids.rating}-error`} message={errors.rating?.message} />
          </div>
        )}
      />

      <LabelledField label="Comment" error={errors.comment?.message}>
        {(control) => (
          <Textarea {...control} rows={5} placeholder="How was your massage?" {...form.register('comment')} />
        )}
      </LabelledField>

      <Button type="submit" size="lg" disabled={submit.isPending} className="w-full">
        {submit.isPending ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
