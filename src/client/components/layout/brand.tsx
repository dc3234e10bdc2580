/** The logo mark, the brand link and the main navigation links, shared by header, drawer and footer. */
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { LogoPicture, logoWidthAt } from '@/components/logo-picture';
import { cx } from '@/lib/class-names';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';

export interface NavLinkItem {
  href: string;
  label: string;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { href: '/', label: 'Home' },
  { href: '/review', label: 'Reviews' },
  { href: '/gift-vouchers', label: 'Gift vouchers' },
];

/** Home is active only on '/'; other links also on their sub-paths. */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

const NAV_LINK_STYLES = {
  bar: 'px-3 py-2 text-sm',
  drawer: 'px-3 py-2.5 text-base',
} as const;

/** An inactive link's colour (the active one is accent-coloured in both). */
const NAV_LINK_IDLE = {
  bar: 'text-muted-foreground',
  drawer: 'text-foreground/80',
} as const;

/** The main links with the active one marked: a row in the header, a column in the drawer. */
export function NavLinkList({
  links,
  location,
  variant,
  onNavigate,
}: {
  links: readonly NavLinkItem[];
  location: string;
  variant: keyof typeof NAV_LINK_STYLES;
  onNavigate?: () => void;
}) {
  return links.map((link) => {
    const active = isActivePath(location, link.href);
    return (
      <Link
        key={link.href}
        href={link.href}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cx(
          'rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          NAV_LINK_STYLES[variant],
          active
            ? 'bg-accent text-accent-foreground'
            : [NAV_LINK_IDLE[variant], 'hover:bg-accent/60 hover:text-foreground'],
        )}
      >
        {link.label}
      </Link>
    );
  });
}

/** The practice's mark: three warm stones and a leaf, in the theme's primary colour. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      className={cx('size-8 shrink-0', className)}
      {...props}
    >
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <g className="fill-primary-foreground">
        <ellipse cx="15" cy="23.2" rx="9" ry="3.4" />
        <ellipse cx="15" cy="16.6" rx="6.6" ry="2.6" />
        <ellipse cx="15" cy="11.2" rx="4.3" ry="2" />
        <path d="M20.6 9.4c.9-2.9 3.3-4.5 6.1-4.6.3 2.7-1.2 5.3-4 6-0.9.2-1.7-.3-2.1-1.4z" opacity="0.85" />
      </g>
    </svg>
  );
}

/** Her logo in a header: 36 px tall, at most 144 px wide on a phone (192 px from sm), loaded first. */
const HEADER_LOGO = { height: 36, maxWidth: 192 };

/** Her uploaded logo when she has one (docs/product.md §19), else the practice's mark. */
export function BrandMark({ eager = true }: { eager?: boolean }) {
  const { data: practice } = usePracticeInfo();
  const logo = practice?.logo;
  if (!logo) return <LogoMark />;
  return (
    <LogoPicture
      logo={logo}
      height={HEADER_LOGO.height}
      sizes={`${logoWidthAt(logo, HEADER_LOGO.height, HEADER_LOGO.maxWidth)}px`}
      // The practice's name is written beside it.
      alt=""
      eager={eager}
      pictureClassName="block shrink-0"
      className="h-9 w-auto max-w-36 rounded-md object-contain sm:max-w-48"
    />
  );
}

/** Logo and brand, linking home. */
export function Brand({
  name,
  className,
  onClick,
  wrap = false,
}: {
  name: string | undefined;
  className?: string;
  onClick?: () => void;
  /** Let a long name wrap onto two lines instead of being cut short. */
  wrap?: boolean;
}) {
  return (
    <Link
      href="/"
      onClick={onClick}
      className={cx(
        'flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
    >
      <BrandMark />
      {name ? (
        <span className={cx('text-base font-semibold tracking-tight sm:text-lg', wrap ? 'leading-snug' : 'truncate')}>
          {name}
        </span>
      ) : (
        <span className="sr-only">Home</span>
      )}
    </Link>
  );
}
