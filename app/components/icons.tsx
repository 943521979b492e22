import type { SVGProps } from "react";

/**
 * Inline SVG icons (no icon font, no sprite request). Decorative unless given a title.
 * Each icon's shapes are one fixed string of markup, written into the page as they are: the
 * same document as separate elements, at a fraction of the server's rendering work.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> & {
  title?: string;
};

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function Icon({ title, shapes, ...props }: IconProps & { shapes: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
      {...props}
      dangerouslySetInnerHTML={{
        __html: title ? `<title>${escapeText(title)}</title>${shapes}` : shapes,
      }}
    />
  );
}

/** The component of one icon: its shapes, and any attributes the caller may not change. */
function icon(shapes: string, fixed?: IconProps) {
  return function DrawnIcon(props: IconProps) {
    return <Icon {...props} {...fixed} shapes={shapes} />;
  };
}

export const BagIcon = icon('<path d="M6 7h12l-1 13H7L6 7Z"/><path d="M9 7a3 3 0 0 1 6 0"/>');
export const MenuIcon = icon('<path d="M4 6h16M4 12h16M4 18h16"/>');
export const CloseIcon = icon('<path d="M6 6l12 12M18 6L6 18"/>');
export const SearchIcon = icon('<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>');
export const PhoneIcon = icon(
  '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>',
);
export const MailIcon = icon(
  '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
);
export const PinIcon = icon(
  '<path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Z"/><circle cx="12" cy="10" r="2.5"/>',
);
export const ShieldIcon = icon(
  '<path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z"/><path d="m9 12 2 2 4-4"/>',
);
export const LeafIcon = icon(
  '<path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15"/><path d="M5 19 13 11"/>',
);
export const CalendarIcon = icon(
  '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
);
/** Sliders: the dashboard's settings. */
export const SlidersIcon = icon(
  '<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"/><circle cx="15" cy="6" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="18" r="2"/>',
);
export const ArrowRightIcon = icon('<path d="M5 12h14M13 6l6 6-6 6"/>');
export const StarIcon = icon(
  '<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z"/>',
  { fill: "currentColor", stroke: "none" },
);
export const GridIcon = icon(
  '<rect x="4" y="4" width="7" height="7" rx="1.5"/><rect x="13" y="4" width="7" height="7" rx="1.5"/><rect x="4" y="13" width="7" height="7" rx="1.5"/><rect x="13" y="13" width="7" height="7" rx="1.5"/>',
);

/** Icons for the why-choose-us points, by the content's icon key. */
const POINT_ICONS: Record<string, string> = {
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  leaf: '<path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15"/><path d="M5 19 13 11"/>',
  "check-circle": '<circle cx="12" cy="12" r="9"/><path d="m8 12 3 3 5-6"/>',
  recycle:
    '<path d="M7 19H4l3-5M17 19h3l-3-5M12 4l-2 3.5M12 4l2 3.5"/><path d="M7 19h10M9.5 8 6 14M14.5 8 18 14"/>',
  headset:
    '<path d="M4 14v-2a8 8 0 0 1 16 0v2"/><rect x="3" y="14" width="4" height="6" rx="1.5"/><rect x="17" y="14" width="4" height="6" rx="1.5"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  shield:
    '<path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z"/><path d="m9 12 2 2 4-4"/>',
  tag: '<path d="M3 12V4h8l10 10-8 8L3 12Z"/><circle cx="7.5" cy="8.5" r="1.5"/>',
  "credit-card": '<rect x="3" y="6" width="18" height="13" rx="2"/><path d="M3 10h18M7 15h4"/>',
  door: '<path d="M6 21V4h12v17M3 21h18"/><circle cx="14.5" cy="12.5" r="1"/>',
  refresh:
    '<path d="M20 11a8 8 0 0 0-14.5-4.5L4 8M4 13a8 8 0 0 0 14.5 4.5L20 16"/><path d="M4 4v4h4M20 20v-4h-4"/>',
  lift: '<rect x="6" y="9" width="12" height="10" rx="1.5"/><path d="M9 9V6a3 3 0 0 1 6 0v3"/>',
  tools: '<path d="M14 6a4 4 0 0 0 5 5l-8 8a2 2 0 0 1-3-3l8-8a4 4 0 0 0-2-2Z"/>',
  briefcase: '<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M9 7V5h6v2M3 13h18"/>',
};

export function PointIcon({ name, ...props }: IconProps & { name: string }) {
  return <Icon {...props} shapes={POINT_ICONS[name] ?? POINT_ICONS["check-circle"]!} />;
}
export const TickCircleIcon = icon(
  '<circle cx="12" cy="12" r="10"/><path d="m7.5 12.5 3 3 6-6.5"/>',
);
export const AlertCircleIcon = icon(
  '<circle cx="12" cy="12" r="10"/><path d="M12 7v6M12 16.5v.5"/>',
);
