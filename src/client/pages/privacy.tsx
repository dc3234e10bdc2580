/**
 * /privacy: the short privacy statement (privacyStatement with the server's retention years, word for word)
 * and a little more of docs/privacy.md, in the words a client reads. Linked from the footer and the health form.
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRetentionYears } from '@/lib/use-retention-years';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

export default function PrivacyPage() {
  useDocumentTitle('Privacy');
  const { health, client, statement } = useRetentionYears();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Privacy</h1>
      <p className="mt-6 rounded-xl border bg-card p-5 text-lg leading-relaxed text-card-foreground shadow-sm text-pretty sm:p-6">
        {statement}
      </p>

      <Section id="privacy-what" title="What is kept, and why">
        <ul className="list-disc space-y-2 pl-5">
          <li>Your name, e-mail address and phone number: to confirm your booking, remind you of it and reach you.</li>
          <li>The address of each visit: to drive to you, work out the travel fee and plan the day.</li>
          <li>
            Your bookings and anything you wrote in the booking form: to run the appointments and keep the accounts.
          </li>
          <li>
            Your health form, the consent you gave, the name you typed and when: so the therapist knows whether massage
            is safe for you and how to adapt it.
          </li>
          <li>Her notes about your visits: so each massage carries on from the last one.</li>
        </ul>
      </Section>

      <Section id="privacy-who" title="Who can see it">
        <p>
          The therapist, and only her. Every time your health form or her notes are opened, that is recorded. You can
          see your own health form through the private link in your booking e-mail.
        </p>
        <p>
          Nobody else sees it unless you agree, the law requires it, or it is needed to prevent a serious threat to
          someone&apos;s life or health, for example calling your emergency contact if you are taken ill during a visit.
        </p>
      </Section>

      <Section id="privacy-how-long" title="How long it is kept">
        <p>
          Health forms and notes: {health} years after your last visit. Everything else: {client} years after your last
          visit. After that only the date, service, price, travel fee and payment stay, without your name.
        </p>
      </Section>

      <Section id="privacy-rights" title="Your rights">
        <p>
          Under the Privacy Act 2020 you can ask the therapist, by e-mail, phone or at a visit, to see everything held
          about you, to correct it or to delete it. She answers as soon as she can, and within 20 working days. If you
          are not happy with how she handles your information, tell her first; you can also complain to the Privacy
          Commissioner (privacy.org.nz).
        </p>
      </Section>
    </div>
  );
}
