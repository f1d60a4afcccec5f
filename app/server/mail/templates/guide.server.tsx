/** The free Starter Guide, to whoever asked for it on an article (a list message: it can be stopped). */
import { toolkit } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";
import { firstName, hostOf } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { A, Box, H2, List, MailButton, P, Strong } from "~/server/mail/templates/parts.server";

export type GuideProps = { name: string; guideUrl: string; toolkitUrl: string; unsubscribeUrl: string };

export const guideMail = mailTemplate<GuideProps>(
  () => "Your free Credit Repair Starter Guide",
  function GuideMail({ ctx, subjectLine, ...p }) {
    const first = firstName(p.name);
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader="Here’s your free guide, plus 3 simple steps you can take today."
        list={{
          reason: `You’re getting this because you asked for the free Starter Guide on ${hostOf(ctx.origin)}.`,
          unsubscribeUrl: p.unsubscribeUrl,
        }}
      >
        <P>{first ? `Hi ${first},` : "Hi there,"}</P>
        <P>Here’s the free Credit Repair Starter Guide you asked for.</P>
        <MailButton href={p.guideUrl}>Download the Starter Guide (PDF)</MailButton>
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
            {`Want more help? Our ${toolkit.name} (${formatCents(toolkit.priceCents, { trimCents: true })}, one-time payment) adds dispute letter templates, worksheets and a 30-day action plan. It’s optional: the free guide works on its own. `}
            <A href={p.toolkitUrl}>See what’s in the toolkit</A>
          </P>
        </Box>
        <P>
          Take it one step at a time,
          <br />
          {`The ${ctx.businessName} team`}
        </P>
      </MailLayout>
    );
  },
);
