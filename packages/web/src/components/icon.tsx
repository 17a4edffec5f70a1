// Outline icons on a 24px grid, one path string each (no icon font, no inline SVG per component).
const paths = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  alert: 'M12 3.5L2.5 20h19L12 3.5z M12 10v4.5 M12 17.2v.1',
  error: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M9 9l6 6 M15 9l-6 6',
  close: 'M6 6l12 12 M18 6L6 18',
  overview: 'M4 4h7v7H4z M13 4h7v4h-7z M13 10h7v10h-7z M4 13h7v7H4z',
  nodes: 'M4 4h16v6H4z M4 14h16v6H4z M8 7h.01 M8 17h.01',
  topics: 'M12 3l9 5-9 5-9-5 9-5z M3 13l9 5 9-5',
  tail: 'M3 12h4l3-8 4 16 3-8h4',
  groups:
    'M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7z M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6 M16 4.3a3.5 3.5 0 0 1 0 6.4 M18 14.5c2 .8 3.5 2.7 3.5 5.5',
  acls: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3z M9 12l2 2 4-4',
  quotas: 'M4 18a8 8 0 1 1 16 0 M12 18l4-6 M8 18h.01 M16 18h.01',
  transactions: 'M4 8h14l-3-3 M20 16H6l3 3',
  schema: 'M14 3H6v18h12V7l-4-4z M14 3v4h4 M10 12l-2 2 2 2 M14 12l2 2-2 2',
  connect: 'M9 3v5 M15 3v5 M6 8h12v3a6 6 0 0 1-12 0V8z M12 17v4',
  ksqldb: 'M4 5h16v14H4z M8 10l3 2-3 2 M13 15h3',
  settings: 'M4 6h9 M17 6h3 M15 4v4 M4 12h3 M11 12h9 M9 10v4 M4 18h11 M19 18h1 M17 16v4',
  audit: 'M9 4h6v3H9z M7 5H5v16h14V5h-2 M8 11h8 M8 15h8 M8 19h5',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  collapse: 'M11 17l-5-5 5-5 M18 17l-5-5 5-5',
  expand: 'M13 17l5-5-5-5 M6 17l5-5-5-5',
  sun: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4',
  details: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z',
  delete: 'M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3',
  edit: 'M4 20h4L19 9l-4-4L4 16v4z M13.5 6.5l4 4',
  restart: 'M20 11a8 8 0 1 0-2.3 5.7 M20 4v7h-7',
  copy: 'M9 9h11v11H9z M5 15H4V4h11v1',
  share:
    'M18 8a3 3 0 1 0 0-6a3 3 0 0 0 0 6z M6 15a3 3 0 1 0 0-6a3 3 0 0 0 0 6z M18 22a3 3 0 1 0 0-6a3 3 0 0 0 0 6z M8.6 13.5l6.8 4 M15.4 6.5l-6.8 4',
  download: 'M12 4v11 M7 10l5 5 5-5 M4 20h16',
  add: 'M12 5v14 M5 12h14',
  login: 'M15 3h4v18h-4 M10 17l5-5-5-5 M15 12H3',
  logout: 'M9 21H5V3h4 M16 17l5-5-5-5 M21 12H9',
  user: 'M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8z M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className, size = 16 }: { name: IconName; className?: string; size?: number }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
