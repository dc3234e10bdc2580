// Decision 040: the first bundle's icons draw exactly what lucide-react draws for the same props (first-load-icon.tsx).
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import * as firstLoad from './first-load-icon';

/** The props the first bundle's components give their icons, and none. */
const PROPS: Record<string, unknown>[] = [
  {},
  { 'aria-hidden': true },
  { className: 'size-4 shrink-0 text-primary', 'aria-hidden': true },
  { className: 'size-4  lucide size-4', strokeWidth: 1.75, 'aria-hidden': true },
  { 'aria-label': 'Open' },
];

const icons = Object.entries(firstLoad) as [string, ComponentType<Record<string, unknown>>][];

describe('the first bundle’s icons', () => {
  it('are the ones the first bundle draws', () => {
    expect(icons.map(([name]) => name)).toEqual([
      'ArrowRight',
      'CalendarCheck',
      'CalendarHeart',
      'Car',
      'Clock',
      'ExternalLink',
      'Mail',
      'MailCheck',
      'MapPin',
      'Menu',
      'Moon',
      'Phone',
      'Star',
      'Sun',
    ]);
  });

  it.each(icons)('%s draws what lucide-react draws', (name, Icon) => {
    const Lucide = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
    for (const props of PROPS)
      expect(renderToStaticMarkup(createElement(Icon, props))).toBe(renderToStaticMarkup(createElement(Lucide, props)));
  });
});
