import { CalendarCheck, Car, MailCheck } from '@/components/ui/first-load-icon';
import type { PracticeInfo } from '@shared/practice';
import { SectionHeading } from './section-heading';

/** The introduction in the therapist's own voice (practice.intro), and how a home visit works. */
export function IntroSection({ practice }: { practice: PracticeInfo }) {
  const highlights = [
    {
      icon: Car,
      title: 'I come to you',
      text: `Home visits across ${practice.region}, so there’s no driving home afterwards.`,
    },
    {
      icon: CalendarCheck,
      title: 'Easy online booking',
      text: 'Choose a massage, a day and a time that suits you in a few simple steps.',
    },
    {
      icon: MailCheck,
      title: 'Personally confirmed',
      text: 'I look at every request myself and confirm your booking by e-mail.',
    },
  ];

  return (
    <section aria-labelledby="intro-heading" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="grid gap-8 lg:grid-cols-[1fr_1.35fr] lg:gap-16">
        <div className="flex items-start gap-4 lg:flex-col">
          <span
            aria-hidden
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground shadow-sm lg:size-20 lg:text-3xl"
          >
            {practice.therapistName.charAt(0)}
          </span>
          <SectionHeading id="intro-heading" eyebrow="Welcome" title={`Meet ${practice.therapistName}`} />
        </div>
        <div className="space-y-5 text-lg leading-relaxed text-foreground/90">
          {practice.intro.map((paragraph, i) => (
            <p key={i} className="text-pretty">
              {paragraph}
            </p>
          ))}
        </div>
      </div>

      <ul className="mt-12 grid gap-4 sm:grid-cols-3 lg:mt-16">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:flex-col sm:gap-3"
          >
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary"
              aria-hidden
            >
              <Icon className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
