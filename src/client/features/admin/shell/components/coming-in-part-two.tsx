/**
 * Availability, Reviews and Services: their screens come with admin part 2 (issue 12). Until
 * then the tab says so plainly and points to what still works, rather than showing a blank.
 */
import { Construction } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const WHAT = {
  availability: { title: 'Availability', text: 'Weekly hours and blocked dates will be managed here.' },
  reviews: { title: 'Manage Reviews', text: 'Adding, featuring and hiding reviews will be done here.' },
  services: { title: 'Manage Services', text: 'Services and their duration options will be edited here.' },
} as const;

export function ComingInPartTwo({ tab }: { tab: keyof typeof WHAT }) {
  const { title, text } = WHAT[tab];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Construction className="size-5 text-muted-foreground" aria-hidden /> {title}
          </span>
        </CardTitle>
        <CardDescription>{text} This screen is not available yet.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        The current settings still apply to the booking page: visitors can only book the hours, dates and services
        already set up.
      </CardContent>
    </Card>
  );
}
