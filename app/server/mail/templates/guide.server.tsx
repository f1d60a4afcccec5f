/** A free guide, to whoever asked for it on an article (a list message: it can be stopped). */
import type { ReactNode } from "react";
import { GUIDES, type GuideId } from "~/lib/guides";
import { formatCents } from "~/lib/site";
import { firstName, hostOf } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { A, Box, H2, List, MailButton, P, Strong } from "~/server/mail/templates/parts.server";

export type GuideProps = {
  guide: GuideId;
  name: string;
  guideUrl: string;
  /** The toolkit as the site sells it now (the product store): its name and price. */
  toolkit: { name: string; priceCents: number };
  toolkitUrl: string;
  unsubscribeUrl: string;
};

/** What each guide's e-mail says around the shared frame (greeting, download button, footer). */
const WORDS: Record<GuideId, { preheader: string; intro: string; body: (p: GuideProps) => ReactNode; signOff: string }> = {
  "credit-repair": {
    preheader: "Here’s your free guide, plus 3 simple steps you can take today.",
    intro: "Here’s the free Credit Repair Starter Guide you asked for.",
    signOff: "Take it one step at a time,",
    body: (p) => (
      <>
        <H2>3 steps to start</H2>
        <List
          ordered
          items={[
            <>
              <Strong>Get your free credit reports</Strong> from Equifax, Experian and TransUnion at{" "}
              <A href="https://www.annualcreditreport.com">AnnualCreditReport.com</A>. It’s the official site, and it’s free.
            </>,
            <>
              <Strong>Check each report for errors:</Strong> accounts that aren’t yours, wrong balances, or late payments you paid on time.
            </>,
            <>
              <Strong>Dispute errors in writing,</Strong> in your own words. Keep a copy of everything you send.
            </>,
          ]}
        />
        <P>
          Disputes take time, and nobody can promise a result. But checking your reports and disputing errors is your right, and you can do
          it yourself for free.
        </P>
        <Box tone="ad" label="From us: our own product">
          <P>
            {`Want more help? Our ${p.toolkit.name} (${formatCents(p.toolkit.priceCents, { trimCents: true })}, one-time payment) adds dispute letter templates, worksheets and a 30-day action plan. It’s optional: the free guide works on its own. `}
            <A href={p.toolkitUrl}>See what’s in the toolkit</A>
          </P>
        </Box>
      </>
    ),
  },
  "first-budget": {
    preheader: "Here’s your free workbook, plus 3 simple steps to your first budget.",
    intro: "Here’s the free First Budget Workbook you asked for. Print it, or fill it in on your phone.",
    signOff: "Take it one page at a time,",
    body: () => (
      <>
        <H2>3 steps to start</H2>
        <List
          ordered
          items={[
            <>
              <Strong>Write down what comes in each month</Strong> after taxes. If your pay changes, use your lowest recent month.
            </>,
            <>
              <Strong>List the bills that must be paid:</Strong> housing, utilities, transport, insurance and the minimum on each debt.
            </>,
            <>
              <Strong>Subtract.</Strong> What’s left is what you plan for food, everything else and savings, before the month starts.
            </>,
          ]}
        />
        <P>A budget is a plan, not a judgement. Your first one won’t be perfect, and it doesn’t need to be.</P>
      </>
    ),
  },
};

export const guideMail = mailTemplate<GuideProps>(
  ({ guide }) => `Your free ${GUIDES[guide].title}`,
  function GuideMail({ ctx, subjectLine, ...p }) {
    const first = firstName(p.name);
    const words = WORDS[p.guide];
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={words.preheader}
        list={{
          reason: `You’re getting this because you asked for the free ${GUIDES[p.guide].title} on ${hostOf(ctx.origin)}.`,
          unsubscribeUrl: p.unsubscribeUrl,
        }}
      >
        <P>{first ? `Hi ${first},` : "Hi there,"}</P>
        <P>{words.intro}</P>
        <MailButton href={p.guideUrl}>{GUIDES[p.guide].button}</MailButton>
        {words.body(p)}
        <P>
          {words.signOff}
          <br />
          {`The ${ctx.businessName} team`}
        </P>
      </MailLayout>
    );
  },
);
