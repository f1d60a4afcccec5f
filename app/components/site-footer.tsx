import { Mail } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { BrandMark } from "~/components/brand-mark";
import { SupportEmail, useBusiness } from "~/components/support-email";
import {
  FOOTER_LEGAL_LINKS,
  FOOTER_QUICK_LINKS,
  FOOTER_RESOURCE_LINKS,
  type NavLink,
  SITE_TAGLINE,
  SUPPORT_REPLY_PROMISE,
} from "~/lib/site";

function LinkItems({ links, className }: { links: readonly NavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.label}>
          <SiteLink to={link.to} className="text-slate-300 hover:text-white hover:underline">
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

function LinkList({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wide text-white uppercase">{title}</h2>
      <LinkItems links={links} className="mt-4 space-y-2" />
    </div>
  );
}

/** The site's footer: who runs it and where to write are the business's saved details (decision 069). */
function FooterSupportEmail() {
  const { supportEmail } = useBusiness();
  return (
    <SupportEmail className="mt-4 inline-flex items-center gap-2 break-all text-slate-300 hover:text-white hover:underline">
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {supportEmail}
    </SupportEmail>
  );
}

export function SiteFooter({ year }: { year: number }) {
  const { businessName } = useBusiness();
  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-[1.6fr_1fr_1fr_1.3fr]">
        <div className="col-span-2 lg:col-span-1">
          <BrandMark inverse />
          <p className="mt-4 max-w-md">{SITE_TAGLINE}</p>
        </div>
        <LinkList title="Quick Links" links={FOOTER_QUICK_LINKS} />
        <LinkList title="Resources" links={FOOTER_RESOURCE_LINKS} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Contact</h2>
          <FooterSupportEmail />
          <p className="mt-3 text-sm text-slate-400">{SUPPORT_REPLY_PROMISE}</p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-6 text-sm text-slate-400">
          <p>
            © {year} {businessName}. All rights reserved. Educational content, not financial or legal advice.
          </p>
          <nav aria-label="Legal">
            <LinkItems links={FOOTER_LEGAL_LINKS} className="flex flex-wrap gap-x-4 gap-y-2" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
