import { useLocation } from "react-router";
import { SiteNavLink } from "~/components/site-link";
import { NAV_LINKS } from "~/lib/site";

/** The site's navigation links (one list, NAV_LINKS), styled by where they stand: the header or the side menu. */
export function NavLinks({ listClassName, linkClassName }: { listClassName: string; linkClassName: (isActive: boolean) => string }) {
  const { pathname } = useLocation();
  return (
    <ul className={listClassName}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <SiteNavLink to={link.to} end={link.to === "/"} pathname={pathname} className={linkClassName}>
            {link.label}
          </SiteNavLink>
        </li>
      ))}
    </ul>
  );
}
