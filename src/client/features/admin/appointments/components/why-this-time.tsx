/**
 * 'Why this time?' (docs/product.md §11), folded by default: a day (the one chosen on the calendar until she
 * picks another), an optional client address, service and duration, and 'Explain'. The answer
 * lists every start time a visitor could ask for, and why each is or is not offered.
 */
import { ChevronDown, HelpCircle, Loader2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { isValidDateString } from '@shared/time';
import { displayServiceName } from '@shared/service-options';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useServices } from '@/lib/queries/get-services';
import { cn } from '@/lib/utils';
import { serverMessage } from '../../shared/action-errors';
import { useExplainAvailability } from '../api/explain-availability';
import { durationChoices, type ExplainParams } from '../explain-view';
import { EXPLAIN_TEXTS as T } from '../texts';
import { ExplainAnswer } from './explain-answer';

const ANY = 'any';

export function WhyThisTime({ selectedDate }: { selectedDate: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(selectedDate);
  // Follows the calendar's day until she types another (state adjusted during render, not in an effect).
  const [followed, setFollowed] = useState(selectedDate);
  if (followed !== selectedDate) {
    setFollowed(selectedDate);
    setDate(selectedDate);
  }
  const [address, setAddress] = useState('');
  const [serviceId, setServiceId] = useState(ANY);
  const [duration, setDuration] = useState('');
  const [asked, setAsked] = useState<ExplainParams | null>(null);
  const { data: services } = useServices();
  const service = services?.find((s) => String(s.id) === serviceId);
  const durations = useMemo(() => durationChoices(service), [service]);
  const explain = useExplainAvailability(asked);
  const dateValid = isValidDateString(date);

  const chooseService = (value: string) => {
    setServiceId(value);
    const found = services?.find((s) => String(s.id) === value);
    setDuration(durationChoices(found)[0]?.value ?? '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dateValid) return;
    const params: ExplainParams = {
      date,
      address: address.trim() || undefined,
      serviceId: service?.id,
      duration: service && duration ? Number(duration) : undefined,
    };
    // The same question again is asked again: a booking or a sync may have changed the answer.
    if (asked && JSON.stringify(asked) === JSON.stringify(params)) void explain.refetch();
    else setAsked(params);
  };

  return (
    <Card>
      <CardHeader className={cn(!open && 'pb-6')}>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-panel`}
            onClick={() => setOpen((v) => !v)}
            className="flex w-full items-center gap-2 rounded-sm text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <HelpCircle className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="flex-1">{T.title}</span>
            <ChevronDown className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
        </h2>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent id={`${id}-panel`} hidden={!open} className="grid gap-4">
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-date`}>{T.date}</Label>
            <Input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={dateValid ? undefined : true}
              aria-describedby={dateValid ? undefined : `${id}-date-error`}
            />
            <FieldError id={`${id}-date-error`} message={dateValid ? undefined : 'Please choose a date'} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-address`}>{T.address}</Label>
            <Input
              id={`${id}-address`}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder={T.addressPlaceholder}
              autoComplete="off"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-service`}>{T.service}</Label>
            <Select value={serviceId} onValueChange={chooseService}>
              <SelectTrigger id={`${id}-service`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>{T.anyService}</SelectItem>
                {services?.map((s) => (
                  <SelectItem key={s.id} value={String(s.id)}>
                    {displayServiceName(s.name)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {durations.length > 0 && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-duration`}>{T.duration}</Label>
              <Select value={duration} onValueChange={setDuration}>
                <SelectTrigger id={`${id}-duration`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {durations.map((d) => (
                    <SelectItem key={d.value} value={d.value}>
                      {d.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <Button
            type="submit"
            disabled={explain.isFetching}
            aria-busy={explain.isFetching || undefined}
            className="w-full sm:col-span-2 sm:w-auto sm:justify-self-start"
          >
            {explain.isFetching && <Loader2 className="animate-spin" aria-hidden />}
            {explain.isFetching ? T.explaining : T.explain}
          </Button>
        </form>
        <div aria-live="polite">
          {explain.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(explain.error) ?? T.failed}
            </p>
          ) : (
            explain.data && <ExplainAnswer answer={explain.data} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
