import type { ReactNode } from 'react';
import styles from './layout.module.css';

/**
 * BackgroundFrame is the full-page backdrop of the registration pages and
 * /completeInfo: a blue gradient with a line drawing of a bridge over a road,
 * drawn here (no image file). Routes ask for it with `background: true` in
 * src/app/routes.tsx rather than wrapping their page in it.
 */
export function BackgroundFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.backgroundFrame} data-testid="background-frame">
      <BridgeArt className={styles.backgroundArt} />
      <div className={styles.backgroundContent}>{children}</div>
    </div>
  );
}

function BridgeArt({ className }: { className: string }) {
  const hangers = Array.from({ length: 23 }, (_, i) => 160 + i * 40);
  return (
    <svg className={className} viewBox="0 0 1200 400" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="bp-bg-fade" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="1" stopColor="#fff" stopOpacity="0.18" />
        </linearGradient>
      </defs>
      <path d="M0 400V330c200-30 400-40 600-40s400 10 600 40v70z" fill="url(#bp-bg-fade)" />
      <g fill="none" stroke="#fff" strokeOpacity="0.28" strokeWidth="3" strokeLinecap="round">
        <path d="M40 300H1160" />
        <path d="M40 312H1160" strokeOpacity="0.18" />
        <path d="M140 300C300 120 500 80 600 80s300 40 460 220" />
        <path d="M300 300V160M900 300V160" strokeWidth="6" strokeOpacity="0.22" />
      </g>
      <g stroke="#fff" strokeOpacity="0.16" strokeWidth="2">
        {hangers.map((x) => {
          // the hangers follow the arch: y = top of the curve at x (a parabola through the ends and the crown)
          const t = (x - 600) / 460;
          const y = 80 + 220 * t * t;
          return y < 296 ? <line key={x} x1={x} y1={y} x2={x} y2={300} /> : null;
        })}
      </g>
      <g fill="#fff" fillOpacity="0.12">
        <circle cx="1040" cy="70" r="34" />
      </g>
    </svg>
  );
}
