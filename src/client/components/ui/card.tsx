import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { CARD_CLASSES } from './card-classes';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(CARD_CLASSES.root, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(CARD_CLASSES.header, className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn(CARD_CLASSES.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm', CARD_CLASSES.description, className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(CARD_CLASSES.content, className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(CARD_CLASSES.footer, className)} {...props} />;
}
