import { ChevronDown, Handshake, Mail, MessageCircleQuestion } from "lucide-react";
import { SupportEmail, useBusiness } from "~/components/support-email";
import type { ReactNode } from "react";
import { SiteLink } from "~/components/site-link";
import type { Route } from "./+types/contact";
import { productsOf } from "~/server/content/site-content.server";
import { ContactForm } from "~/components/contact-form";
import { Card } from "~/components/ui/card";
import { priceLabel } from "~/lib/catalogue";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { seo } from "~/lib/seo";
import { SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { GUIDES } from "~/lib/guides";
import { submitContactMessage } from "~/server/forms/contact.server";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser (app/lib/page-policy.ts): the form posts, and the server renders its outcome. */
export const handle = page({ render: "cached", hydrate: false, sitemap: true });

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(matches, {
    title: "Contact Us",
    description: `Questions about budgeting, credit repair or the ${data ? `${data.toolkit.price} ` : ""}toolkit? Send us a message or e-mail support. ${SUPPORT_REPLY_PROMISE}`,
    path: "/contact",
  });

export function action({ request }: Route.ActionArgs) {
  return submitContactMessage(request);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitFromBrowser("contact", serverAction);
}

/** The answers, naming the toolkit as the products table has it. */
const faq = (toolkit: { name: string; price: string }): { question: string; answer: ReactNode }[] => [
  {
    question: "How quickly will you reply?",
    answer: `${SUPPORT_REPLY_PROMISE} Every message is read and answered by a real person.`,
  },
  {
    question: "How long until I see my credit improve?",
    // What the law sets (FCRA 611, 15 U.S.C. 1681i; 1681j(a)(3); reporting periods 1681c(a)(1), (c)(1)), not a promised result: see /work/shared/reference/credit-law-facts.md.
    answer:
      "Results vary, and no one can promise a change: it depends on what is on your report. What the law sets is the timing of a dispute. A credit bureau generally has 30 days from receiving it to investigate, and up to 45 days in two cases: up to 15 more days when you send more relevant information during those 30 days (15 U.S.C. 1681i(a)(1)(B)), and 45 days when you dispute after getting your free annual report (Fair Credit Reporting Act section 611(a)(1), 15 U.S.C. 1681i(a)(1); 15 U.S.C. 1681j(a)(3)). It must send you the results within 5 business days after it finishes (15 U.S.C. 1681i(a)(6)). Counting the mail both ways, 30-60 days after you send a dispute is when to expect its outcome: a deadline, not a promise that your score improves. Accurate negative items generally stay for 7 years. For a collection or charge-off, those 7 years start 180 days after the missed payment that was never brought current, so about 7½ years in all (15 U.S.C. 1681c(c)(1)); a bankruptcy can stay up to 10 years (15 U.S.C. 1681c(a)(1)). New on-time payments take a few statement cycles to show in a score.",
  },
  {
    question: "Is there a money-back guarantee?",
    answer: (
      <>
        Yes. The {toolkit.name} comes with a 30-day money-back guarantee. If it isn't right for you, e-mail <SupportEmail /> within 30 days
        of your purchase and we'll refund you in full.
      </>
    ),
  },
  {
    question: "Is the toolkit a subscription?",
    answer: `No. It's a one-time payment of ${toolkit.price} with instant access: no subscription and no recurring charges, ever.`,
  },
  {
    question: `How do I get the free ${GUIDES["credit-repair"].title} or ${GUIDES["first-budget"].title}?`,
    answer: (
      <>
        Every article on our{" "}
        <SiteLink to="/blog" className="font-bold text-brand-800 underline underline-offset-2">
          blog
        </SiteLink>{" "}
        ends with a form for the free guide on its topic. Enter your name and e-mail there, and we'll e-mail the guide to you. If it doesn't
        arrive within 5 minutes, check your spam folder.
      </>
    ),
  },
  {
    question: "Do you repair my credit for me?",
    answer:
      "No. We teach you to do it yourself, which is free to do under the law, and give you the letters and worksheets that make it easier. Our articles are education, not financial or legal advice.",
  },
  {
    question: "What do you do with my information?",
    answer: "We use your e-mail only to answer you and to send what you asked for. We never sell or share it.",
  },
];

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4 p-6">
      <div aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        {icon}
      </div>
      <div>
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </Card>
  );
}

/** The toolkit its answers name (the product store's). */
export function loader({ context }: Route.LoaderArgs) {
  const toolkit = productsOf(context).toolkit();
  return { toolkit: { name: toolkit.name, price: priceLabel(toolkit) } };
}

export default function Contact({ actionData, loaderData }: Route.ComponentProps) {
  // Who runs the site, shown with the ways to reach us: the business's saved details (decision 069).
  const business = useBusiness();
  return (
    <>
      <section className="bg-brand-50 px-4 py-14 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Get in Touch</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Questions about budgeting, credit repair or the toolkit? Send us a message and a real person will read it. {SUPPORT_REPLY_PROMISE}
        </p>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[3fr_2fr]">
        <section id="contact-form" aria-labelledby="contact-form-heading" className="scroll-mt-24">
          <Card className="p-6 md:p-8">
            <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900">
              Send Us a Message
            </h2>
            <p className="mt-2 mb-6 text-slate-700">All fields are required.</p>
            <ContactForm outcome={actionData} />
          </Card>
        </section>

        <div className="grid content-start gap-4">
          <ContactCard icon={<Mail className="size-6" />} title="Email Us">
            <p>
              <SupportEmail className="font-bold break-all text-brand-800 underline underline-offset-2" />
            </p>
            <p className="mt-1">{SUPPORT_REPLY_PROMISE}</p>
            <p className="mt-3 text-sm">
              {business.businessName}
              {business.postalAddress ? <span className="block whitespace-pre-line">{business.postalAddress}</span> : null}
            </p>
          </ContactCard>
          <ContactCard icon={<MessageCircleQuestion className="size-6" />} title="General Inquiries">
            <p>
              Questions about an article, the toolkit or your order? Use the form, or read the answers below: yours may already be there.
            </p>
          </ContactCard>
          <ContactCard icon={<Handshake className="size-6" />} title="Partnerships">
            <p>
              Financial educators, credit counsellors and tool makers: tell us how you'd like to work together.{" "}
              <SupportEmail subject="Partnership">E-mail us about a partnership</SupportEmail>.
            </p>
          </ContactCard>
        </div>
      </div>

      <section aria-labelledby="faq-heading" className="render-when-near [contain-intrinsic-size:auto_1000px] bg-slate-50 px-4 py-14">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">
            Frequently Asked Questions
          </h2>
          <div className="mt-8 space-y-3">
            {faq(loaderData.toolkit).map(({ question, answer }) => (
              <details key={question} className="group rounded-xl border border-slate-200 bg-white">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-lg font-bold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {question}
                  <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
                </summary>
                <div className="px-5 pb-5 text-slate-700">{answer}</div>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
