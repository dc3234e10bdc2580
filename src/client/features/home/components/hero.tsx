import { CalendarHeart, MapPin } from '@/components/ui/first-load-icon';
import { Link } from 'wouter';
import type { PracticeInfo } from '@shared/practice';
import type { PracticeLogo } from '@shared/logo';
import { LogoPicture, logoWidthAt } from '@/components/logo-picture';
import { PlainButton } from '@/components/ui/plain-button';
import { HeroArt } from './hero-art';

/** Her logo in the hero: 80 px tall above the name on a phone; up to 384 px square beside it on a wide screen. */
const HERO_LOGO = { phone: { height: 80, maxWidth: 240 }, wide: 384 };

/** One picture for both layouts (one file fetched): first and small on a phone, the right-hand column when wide. */
function HeroLogo({ logo }: { logo: PracticeLogo }) {
  const wide = logo.width >= logo.height ? HERO_LOGO.wide : logoWidthAt(logo, HERO_LOGO.wide);
  const phone = logoWidthAt(logo, HERO_LOGO.phone.height, HERO_LOGO.phone.maxWidth);
  return (
    <div className="order-first lg:order-none lg:flex lg:justify-center">
      <LogoPicture
        logo={logo}
        height={HERO_LOGO.wide}
        sizes={`(min-width: 1024px) ${wide}px, ${phone}px`}
        // The practice's name is the heading beside it.
        alt=""
        eager
        className="h-20 w-auto max-w-60 rounded-xl object-contain lg:h-auto lg:max-h-96 lg:w-auto lg:max-w-full lg:rounded-2xl"
      />
    </div>
  );
}

/** The home page's opening: practice name, tagline, the call to book, and her logo (docs/product.md §1, §19). */
export function Hero({ practice }: { practice: PracticeInfo }) {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      {/* Decorative backdrop: soft colour and a wave, all CSS/SVG. */}
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-gradient-to-b from-accent/80 via-background to-muted/80" />
        <div className="absolute -right-24 -top-24 size-80 rounded-full bg-primary/15 blur-3xl sm:size-[28rem]" />
        <div className="absolute -left-32 bottom-0 size-72 rounded-full bg-amber-300/15 blur-3xl dark:bg-amber-200/5" />
        <svg
          viewBox="0 0 1440 80"
          preserveAspectRatio="none"
          className="absolute inset-x-0 bottom-0 h-12 w-full sm:h-16"
        >
          <path d="M0 48c160-32 320-32 480 0s320 32 480 0 320-32 480 0v32H0z" className="fill-background" />
        </svg>
      </div>

      {/* Columns and text column may shrink below their content (min 0): else a long locality in the nowrap pill
          widens the grid past a phone's screen instead of being truncated. */}
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-8 px-4 pb-20 pt-12 sm:px-6 sm:pb-24 sm:pt-16 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-12 lg:pb-28 lg:pt-20">
        <div className="min-w-0">
          <p className="inline-flex max-w-full items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-sm font-medium text-foreground/80 shadow-sm">
            <MapPin className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 truncate">Mobile massage · {practice.locality}</span>
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {practice.name}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground text-pretty sm:text-xl">
            {practice.tagline}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <PlainButton asChild size={null} className="h-12 px-7 text-base">
              <Link href="/booking">
                <CalendarHeart aria-hidden />
                Book Your Session
              </Link>
            </PlainButton>
            <PlainButton
              asChild
              size={null}
              variant={null}
              className="h-12 border border-input bg-background/70 px-7 text-base shadow-sm hover:bg-accent hover:text-accent-foreground"
            >
              <a href="#offerings">View Offerings</a>
            </PlainButton>
          </div>
        </div>
        {practice.logo ? <HeroLogo logo={practice.logo} /> : <HeroArt className="mx-auto hidden max-w-md lg:block" />}
      </div>
    </section>
  );
}
