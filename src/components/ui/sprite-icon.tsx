// The icons of the frames (sidebars, phone bars) and the dashboard cards, drawn from one sprite:
// `public/icons.svg`, Lucide's drawings (ISC licence: https://lucide.dev/license) written by
// `npm run icons` from the names below. lucide-react draws every icon as a client component that
// carries its shapes in the page's Flight data and renders them again on the server; an icon here is
// an <svg> with one <use>, the same on server and client, and the sprite is fetched once and cached.
// They take the props lucide's icons take where the product uses them (className, aria-hidden), so
// an icon moves here by its import alone (src/components/README.md, "Icons").
import type { ReactNode, SVGProps } from "react";

/** Every name in the sprite, in lucide's kebab-case; a new one needs `npm run icons` to draw it. */
export const SPRITE_ICON_NAMES = [
  "activity",
  "bell-ring",
  "briefcase-business",
  "calendar",
  "calendar-clock",
  "calendar-plus",
  "chart-column",
  "chevrons-left",
  "chevrons-right",
  "credit-card",
  "dollar-sign",
  "ellipsis",
  "file-text",
  "folder-kanban",
  "house",
  "inbox",
  "layout-dashboard",
  "mail",
  "mail-warning",
  "message-square",
  "pen-line",
  "receipt",
  "repeat",
  "scroll-text",
  "settings",
  "shield-alert",
  "shield-check",
  "timer",
  "triangle-alert",
  "user-cog",
  "users",
] as const;

export type SpriteIconName = (typeof SPRITE_ICON_NAMES)[number];

/** Where the sprite is served (a file in public/, so no proxy or render stands before it). */
export const ICON_SPRITE_PATH = "/icons.svg";

/** What a card or a navigation entry takes as its icon: a lucide icon or one of these. */
export type IconComponent = (props: SVGProps<SVGSVGElement>) => ReactNode;

function spriteIcon(name: SpriteIconName): IconComponent {
  function SpriteIcon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg width="24" height="24" aria-hidden="true" focusable="false" {...props} data-icon={name}>
        <use href={`${ICON_SPRITE_PATH}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = `SpriteIcon(${name})`;
  return SpriteIcon;
}

export const Activity = spriteIcon("activity");
export const AlertTriangle = spriteIcon("triangle-alert");
export const BellRing = spriteIcon("bell-ring");
export const BriefcaseBusiness = spriteIcon("briefcase-business");
export const Calendar = spriteIcon("calendar");
export const CalendarClock = spriteIcon("calendar-clock");
export const CalendarPlus = spriteIcon("calendar-plus");
export const ChartColumn = spriteIcon("chart-column");
export const ChevronsLeft = spriteIcon("chevrons-left");
export const ChevronsRight = spriteIcon("chevrons-right");
export const CreditCard = spriteIcon("credit-card");
export const DollarSign = spriteIcon("dollar-sign");
export const Ellipsis = spriteIcon("ellipsis");
export const FileText = spriteIcon("file-text");
export const FolderKanban = spriteIcon("folder-kanban");
export const House = spriteIcon("house");
export const Inbox = spriteIcon("inbox");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const Mail = spriteIcon("mail");
export const MailWarning = spriteIcon("mail-warning");
export const MessageSquare = spriteIcon("message-square");
export const PenLine = spriteIcon("pen-line");
export const Receipt = spriteIcon("receipt");
export const Repeat = spriteIcon("repeat");
export const ScrollText = spriteIcon("scroll-text");
export const Settings = spriteIcon("settings");
export const ShieldAlert = spriteIcon("shield-alert");
export const ShieldCheck = spriteIcon("shield-check");
export const Timer = spriteIcon("timer");
export const UserCog = spriteIcon("user-cog");
export const Users = spriteIcon("users");
