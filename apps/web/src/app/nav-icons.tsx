/**
 * The navigation's icons: outline glyphs drawn in the style of Tabler Icons (24-unit grid, 2-unit
 * round strokes, the current text colour), kept here as a few paths each instead of a package.
 */
import type { NavIcon } from './navigation';

const PATHS: Record<NavIcon, string[]> = {
  home: [
    'M5 12H3l9-9 9 9h-2',
    'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7',
    'M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6',
  ],
  book: [
    'M3 19a9 9 0 0 1 9 0 9 9 0 0 1 9 0',
    'M3 6a9 9 0 0 1 9 0 9 9 0 0 1 9 0',
    'M3 6v13',
    'M12 6v13',
    'M21 6v13',
  ],
  chart: ['M4 20h16', 'M5 13h3v6H5z', 'M10.5 5h3v14h-3z', 'M16 9h3v10h-3z'],
  calendar: [
    'M6 5h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
    'M9 16l2 2 4-4',
  ],
  ticket: [
    'M15 5v2',
    'M15 11v2',
    'M15 17v2',
    'M5 5h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7a2 2 0 0 1 2-2',
  ],
  leave: [
    'M6 5h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
    'M10 16h4',
  ],
  question: [
    'M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-5l-5 3v-3H6a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z',
    'M12 14v.01',
    'M12 11a1.5 1.5 0 0 0 .8-2.8 1.8 1.8 0 0 0-2.3.5',
  ],
  mail: ['M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 'M3 7l9 6 9-6'],
  users: [
    'M9 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
    'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M16 3.13a4 4 0 0 1 0 7.75',
    'M21 21v-2a4 4 0 0 0-3-3.85',
  ],
  help: [
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18z',
    'M12 17v.01',
    'M12 13.5a1.5 1.5 0 0 1 1-1.5 2.6 2.6 0 1 0-3-4',
  ],
  dashboard: ['M4 4h6v8H4z', 'M4 16h6v4H4z', 'M14 12h6v8h-6z', 'M14 4h6v4h-6z'],
  shield: ['M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3'],
  arrows: ['M7 10h14l-4-4', 'M17 14H3l4 4'],
  groups: ['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h6v6h-6z'],
  report: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z',
    'M9 13h6',
    'M9 17h6',
  ],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M5 6v.01', 'M5 12v.01', 'M5 18v.01'],
  history: ['M12 8v4l2 2', 'M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5'],
  upload: ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2', 'M7 9l5-5 5 5', 'M12 4v12'],
  scan: [
    'M4 7V6a2 2 0 0 1 2-2h2',
    'M4 17v1a2 2 0 0 0 2 2h2',
    'M16 4h2a2 2 0 0 1 2 2v1',
    'M16 20h2a2 2 0 0 0 2-2v-1',
    'M5 12h14',
  ],
};

export function NavGlyph({ icon, size = 16 }: { icon: NavIcon; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {PATHS[icon].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
