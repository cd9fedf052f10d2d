import {
  CalendarPlus,
  CreditCard,
  DollarSign,
  FileText,
  FolderKanban,
  Home,
  LayoutDashboard,
  MessageSquare,
  Settings,
  ShieldAlert,
  type LucideIcon,
} from "lucide-react";
import { PORTAL_SECTIONS, type PortalSection, parseSection } from "@/lib/domain/portal-section";

export { PORTAL_SECTIONS, type PortalSection, parseSection };

type SectionInfo = { label: string; title: string; icon: LucideIcon; mobileLabel?: string; mobileIcon?: LucideIcon };

export const SECTION_INFO: Record<PortalSection, SectionInfo> = {
  overview: { label: "Overview", title: "Dashboard Overview", icon: LayoutDashboard, mobileLabel: "Home", mobileIcon: Home },
  projects: { label: "Projects", title: "My Projects", icon: FolderKanban, mobileLabel: "Projects" },
  billing: { label: "Billing", title: "Billing & Invoices", icon: CreditCard, mobileLabel: "Billing" },
  rates: { label: "Rates", title: "Contracting Rates", icon: DollarSign },
  settings: { label: "Settings", title: "Account Settings", icon: Settings },
  "book-service": { label: "Book Service", title: "Book New Service", icon: CalendarPlus, mobileLabel: "Services" },
  documents: { label: "Documents", title: "Document Library", icon: FileText, mobileLabel: "Docs" },
  messages: { label: "Messages", title: "Messages", icon: MessageSquare, mobileLabel: "Inbox" },
  findings: { label: "Findings", title: "Findings", icon: ShieldAlert },
};

/**
 * The phone's bottom bar: the first MOBILE_TAB_COUNT of these the person may see are its tabs, in
 * this order; every other section is under More (six columns fit a 390 px screen).
 */
export const MOBILE_SECTIONS: PortalSection[] = ["overview", "projects", "billing", "documents", "messages", "book-service"];
export const MOBILE_TAB_COUNT = 5;

/** The portal URL of a section, with optional extra parameters (a tab, a prefilled service). */
export function sectionHref(section: PortalSection, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ section, ...extra });
  return `/client-portal?${params.toString()}`;
}
