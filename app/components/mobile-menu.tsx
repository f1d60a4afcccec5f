import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatPrice, toolkit } from "~/lib/catalogue";
import { NAV_LINKS } from "~/lib/site";

/**
 * The small-screen side menu: a native modal <dialog>, which makes the page behind it inert
 * (focus stays inside), closes on Escape and returns focus to the menu button when it closes.
 */
export function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    dialog.current?.close();
  }, [location.pathname]);

  const close = () => dialog.current?.close();

  return (
    <>
      <button
        type="button"
        className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {/* A click on the backdrop closes it for a pointer; Escape (native to <dialog>) and the close button do for a keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="side-menu bg-white p-0 shadow-xl md:hidden"
        onClick={(event) => {
          // A click on the dialog element itself (not its content) is a click on the backdrop.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="flex h-full flex-col p-5">
          <div className="flex items-center justify-between">
            <span className="text-lg font-bold">Menu</span>
            <button type="button" className="rounded-md p-2 text-slate-800 hover:bg-slate-100" aria-label="Close menu" onClick={close}>
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <nav aria-label="Mobile" className="mt-6">
            <ul className="space-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/"}
                    onClick={close}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"}`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/resources" onClick={close} className={buttonClass({ className: "mt-6 w-full" })}>
            Get {formatPrice(toolkit.priceCents, { short: true })} Toolkit
          </Link>
        </div>
      </dialog>
    </>
  );
}
