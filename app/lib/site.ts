/**
 * Site-wide constants: the one list of navigation links, the brand (the header's name, page
 * titles). The business's own details (its name, support and postal addresses) are the owner's
 * to change: app/lib/business.ts (decision 069).
 */
export const SITE_NAME = "Fresh Start Money";
export const SITE_TAGLINE = "Empowering everyday people to achieve financial freedom through smart budgeting and credit repair strategies.";
/**
 * The one promise about how fast support answers, word for word on every page, e-mail and
 * product that states one (docs/decisions/030): one business day, which one person can keep
 * over a weekend, where "24 hours" could not be.
 */
export const SUPPORT_REPLY_PROMISE = "We aim to reply within one business day.";

/**
 * The site's Referrer-Policy: static files get it from the server, rendered pages from the root
 * route's headers, which a route may replace with a stricter one (the payment and order pages).
 */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

export type NavLink = { label: string; to: string };

export const NAV_LINKS: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Resources", to: "/resources" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
];

export const FOOTER_QUICK_LINKS: readonly NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Contact Us", to: "/contact" },
];

export const FOOTER_RESOURCE_LINKS: readonly NavLink[] = [
  { label: "Free Tools", to: "/resources" },
  { label: "Credit Repair Toolkit", to: "/resources" },
];

/** The newsletter box's consent wording; its version is stored with every sign-up (the consent record). */
export const NEWSLETTER_CONSENT = {
  version: "2026-11-23",
  text: "Practical budgeting and credit tips, about twice a month. We'll e-mail you a link to confirm first. Unsubscribe anytime.",
} as const;

/** Where a newsletter sign-up from the welcome sequence's last e-mail says it came from (its consent's source). */
export const SEQUENCE_INVITATION_PAGE = "the welcome sequence's last e-mail";

/**
 * The version of the lead form's consent wording (each guide's words: `followups` in
 * app/lib/guides.ts), stored with every lead's consent. Only consents under a version in
 * LEAD_FOLLOWUP_VERSIONS start the welcome sequence (a lead stored under the first wording, which
 * promised the guide only, never gets it). 2026-11-26: "a few short e-mails with tips over about
 * two weeks", one text for both guides (the sequences of those readers end where that promise
 * did, sequence.server.ts). 2026-11-29: each guide's own count, span and what sells.
 */
export const LEAD_CONSENT = { version: "2026-11-29" } as const;
/**
 * What a buyer is told at checkout they will get by e-mail (the buyer purpose's consent record:
 * its version is stored with the consent every paid order records). Receipts and the lost-link
 * e-mail are transactional; the one review request is the buyer purpose's only other message.
 */
/** The words beside a coming-soon product's "Tell me when it opens" (issue 53): its consent's purpose is "waitlist". */
export const WAITLIST_CONSENT = {
  version: "2026-12-03",
  text: "We'll e-mail you once, when it goes on sale. Nothing else unless you sign up for it.",
} as const;

export const BUYER_CONSENT = {
  version: "2026-11-28",
  text: "We'll e-mail your receipt with your download links, and once, a week later, ask for a review. Nothing else unless you sign up for it.",
} as const;

export const LEAD_FOLLOWUP_VERSIONS: readonly string[] = ["2026-11-26", LEAD_CONSENT.version];

/** The legal and trust pages (app/content/legal/<slug>.md): routes, footer and sitemap all read this list. */
export const LEGAL_PAGES = [
  { slug: "privacy", label: "Privacy Policy" },
  { slug: "terms", label: "Terms of Use" },
  { slug: "refund-policy", label: "Refund Policy" },
  { slug: "disclosures", label: "How We Make Money" },
] as const;

export const FOOTER_LEGAL_LINKS: readonly NavLink[] = LEGAL_PAGES.map((page) => ({ label: page.label, to: `/${page.slug}` }));

/**
 * The one way the site writes an amount of money, in the browser and on the server alike (the
 * prices on the pages, the dashboard, the calculators, the e-mails). Amounts are whole US cents.
 * It lives in this module, which every page already loads: a module of its own became a script
 * request of its own on every page and took /blog over its JavaScript budget.
 */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const USD_WHOLE = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/**
 * "$7.00", "$1,234.56", "-$277.47". With `trimCents`, a whole amount drops its cents ("$7",
 * "$10,000,000") for prices and round figures in sentences; an amount with cents keeps them
 * ("$14.99").
 */
export function formatCents(cents: number, { trimCents = false }: { trimCents?: boolean } = {}): string {
  // `|| 0` turns -0 (a negative amount that rounds to nothing) into 0: "$0.00", never "-$0.00".
  const whole = Math.round(cents) || 0;
  return (trimCents && whole % 100 === 0 ? USD_WHOLE : USD).format(whole / 100);
}

/**
 * The one way the site writes a calendar day: "Jan 5, 2026" from "2026-01-05" (an article's dates,
 * a legal page's, a review's, a former price's), the same on the server and in the browser, whatever
 * their time zone. One formatter for every call: `toLocaleDateString` built a new one each time, a
 * seventh of the server's time on the searched blog (docs/decisions/042-server-render-cost.md).
 */
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatDay(iso: string): string {
  return SHORT_DAY.format(new Date(`${iso}T00:00:00Z`));
}
