/**
 * One service in the grid (docs/product.md §2): name, description, a '{n} minutes - {price}' badge per option, Edit and
 * Delete.
 */
import { Pencil, Trash2 } from 'lucide-react';
import type { Service } from '@shared/schemas/service';
import { formatCents } from '@shared/money';
import { serviceOptions } from '@shared/service-options';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ServiceFormDialog } from './service-form-dialog';

interface ServiceCardProps {
  service: Service;
  /** Opens the tab's delete confirmation for this service. */
  onDelete: (service: Service) => void;
}

export function ServiceCard({ service, onDelete }: ServiceCardProps) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <CardTitle className="break-words">{service.name}</CardTitle>
        <CardDescription className="whitespace-pre-line break-words">{service.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="flex flex-wrap gap-2" aria-label={`${service.name} durations and prices`}>
          {serviceOptions(service).map((option) => (
            <li key={option.duration}>
              <Badge variant="secondary">
                {option.duration} minutes - {formatCents(option.price)}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="gap-2">
        <ServiceFormDialog service={service}>
          <Button type="button" variant="outline" size="sm" aria-label={`Edit ${service.name}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
        </ServiceFormDialog>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Delete ${service.name}`}
          className="text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
          onClick={() => onDelete(service)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
