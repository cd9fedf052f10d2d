import {
  CalendarPlus,
  CreditCard,
  DollarSign,
  FileText,
  FolderKanban,
  House,
  type IconComponent,
  LayoutDashboard,
  MessageSquare,
  Settings,
  ShieldAlert,
  Timer,
} from "@/components/ui/sprite-icon";
import { PORTAL_SECTION_TITLES, PORTAL_SECTIONS, type PortalSection, parseSection } from "@/lib/domain/portal-section";

export { PORTAL_SECTIONS, type PortalSection, parseSection };

type SectionInfo = { label: string; title: string; icon: IconComponent; mobileLabel?: string; mobileIcon?: IconComponent };

export const SECTION_INFO: Record<PortalSection, SectionInfo> = {
  overview: { label: "Overview", title: PORTAL_SECTION_TITLES.overview, icon: LayoutDashboard, mobileLabel: "Home", mobileIcon: House },
  projects: { label: "Projects", title: PORTAL_SECTION_TITLES.projects, icon: FolderKanban, mobileLabel: "Projects" },
  billing: { label: "Billing", title: PORTAL_SECTION_TITLES.billing, icon: CreditCard, mobileLabel: "Billing" },
  rates: { label: "Rates", title: PORTAL_SECTION_TITLES.rates, icon: DollarSign },
  settings: { label: "Settings", title: PORTAL_SECTION_TITLES.settings, icon: Settings },
  "book-service": { label: "Book Service", title: PORTAL_SECTION_TITLES["book-service"], icon: CalendarPlus, mobileLabel: "Services" },
  documents: { label: "Documents", title: PORTAL_SECTION_TITLES.documents, icon: FileText, mobileLabel: "Docs" },
  messages: { label: "Messages", title: PORTAL_SECTION_TITLES.messages, icon: MessageSquare, mobileLabel: "Inbox" },
  findings: { label: "Findings", title: PORTAL_SECTION_TITLES.findings, icon: ShieldAlert },
  retainer: { label: "Retainer", title: PORTAL_SECTION_TITLES.retainer, icon: Timer },
};

/**
 * The phone's bottom bar (docs/PRODUCT.md#portal-frame-and-navigation): the first MOBILE_TAB_COUNT
 * of these the person may see are its tabs, in this order; every other section is under More (six
 * columns fit a 390 px screen).
 */
export const MOBILE_SECTIONS: PortalSection[] = ["overview", "projects", "billing", "book-service", "documents", "messages"];
export const MOBILE_TAB_COUNT = 5;

/** The portal URL of a section, with optional extra parameters (a tab, a prefilled service). */
export function sectionHref(section: PortalSection, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ section, ...extra });
  return `/client-portal?${params.toString()}`;
}
