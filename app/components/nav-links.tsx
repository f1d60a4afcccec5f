import { NavLink } from "react-router";
import { NAV_LINKS } from "~/lib/site";

/** The site's navigation links (one list, NAV_LINKS), styled by where they stand: the header or the side menu. */
export function NavLinks({ listClassName, linkClassName }: { listClassName: string; linkClassName: (isActive: boolean) => string }) {
  return (
    <ul className={listClassName}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} className={({ isActive }) => linkClassName(isActive)}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
