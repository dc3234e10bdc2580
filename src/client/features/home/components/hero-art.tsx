import { cx } from '@/lib/class-names';

/** The hero's decorative illustration: a stack of warm stones, a leaf sprig and calm water. Pure SVG. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 420 380"
      width="420"
      height="380"
      aria-hidden="true"
      focusable="false"
      className={cx('h-auto w-full', className)}
    >
      <circle cx="215" cy="180" r="168" className="fill-primary/10" />
      <circle cx="215" cy="180" r="122" className="fill-primary/10" />
      {/* water */}
      <g className="stroke-primary/40" fill="none" strokeWidth="3" strokeLinecap="round">
        <path d="M60 330c25-12 50-12 75 0s50 12 75 0 50-12 75 0 50 12 75 0" />
        <path d="M100 354c22-10 44-10 66 0s44 10 66 0 44-10 66 0" className="stroke-primary/25" />
      </g>
      {/* stones, largest at the bottom */}
      <g>
        <ellipse cx="208" cy="290" rx="118" ry="30" className="fill-primary/20" />
        <ellipse cx="205" cy="270" rx="112" ry="34" className="fill-primary" />
        <ellipse cx="200" cy="206" rx="86" ry="28" className="fill-primary/85" />
        <ellipse cx="210" cy="152" rx="64" ry="23" className="fill-primary/70" />
        <ellipse cx="204" cy="108" rx="42" ry="17" className="fill-primary/55" />
      </g>
      {/* soft highlights on the stones */}
      <g className="fill-white opacity-30 dark:opacity-25">
        <ellipse cx="160" cy="258" rx="46" ry="9" />
        <ellipse cx="168" cy="196" rx="32" ry="7" />
        <ellipse cx="186" cy="144" rx="22" ry="5.5" />
        <ellipse cx="190" cy="102" rx="14" ry="4" />
      </g>
      {/* leaf sprig */}
      <g className="fill-primary/60">
        <path d="M250 96c18-34 52-56 92-60-6 38-36 66-74 70-9 1-15-3-18-10z" />
        <path d="M236 92c-4-30-24-54-54-66-6 30 8 58 36 72 7 3 14 1 18-6z" className="fill-primary/40" />
      </g>
      <path
        d="M240 100c14-20 36-38 66-50"
        className="stroke-white/50"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
      {/* sparkles of warmth */}
      <g className="fill-amber-400/80">
        <circle cx="92" cy="120" r="5" />
        <circle cx="340" cy="214" r="4" />
        <circle cx="120" cy="190" r="3" />
      </g>
    </svg>
  );
}
