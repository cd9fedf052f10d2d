// The header's in-page targets (Home, About, Services, Contact). Links carry "/#id" so they
// also work from the legal pages; on the landing page the header turns them into smooth scrolls.
export const SECTION_LINKS = [
  { id: "home", label: "Home" },
  { id: "about", label: "About" },
  { id: "services", label: "Services" },
  { id: "contact", label: "Contact" },
] as const;

export const sectionHref = (id: string) => `/#${id}`;
