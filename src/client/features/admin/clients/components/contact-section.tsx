/** The client page's Contact: e-mail, phone, the other contacts that lead to them, and Edit. */
import type { ClientDetail } from '@shared/schemas/client';
import { phoneText } from '@/lib/phone-text';
import { CONTACT_TEXTS as T } from '../texts';
import { ClientSection } from './client-sections';
import { EditContactDialog } from './edit-contact-dialog';

export function ContactSection({ client }: { client: ClientDetail }) {
  return (
    <ClientSection id="client-contact" title={T.heading} actions={<EditContactDialog client={client} />}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{T.email}</dt>
        <dd className="min-w-0 break-words">
          <a href={`mailto:${client.email}`} className="text-primary underline-offset-4 hover:underline">
            {client.email}
          </a>
        </dd>
        <dt className="text-muted-foreground">{T.phone}</dt>
        <dd className="tabular-nums">
          <a href={`tel:${client.phone}`} className="text-primary underline-offset-4 hover:underline">
            {phoneText(client.phone)}
          </a>
        </dd>
        <dt className="text-muted-foreground">{T.otherContacts}</dt>
        <dd className="min-w-0">
          {client.otherContacts.length === 0 ? (
            <span className="text-muted-foreground">{T.noOtherContacts}</span>
          ) : (
            <ul className="space-y-0.5">
              {client.otherContacts.map((contact) => (
                <li key={`${contact.kind}:${contact.value}`} className="break-words">
                  {contact.value}{' '}
                  <span className="text-muted-foreground">({contact.kind === 'email' ? T.email : T.phone})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </ClientSection>
  );
}
