/** The frame of every message: document head, inbox preview line, the site's name, the card, the footer. */
import { Body, Column, Container, Head, Link, Preview, Row, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { TEXT_AS, type MailContext } from "~/server/mail/render.server";
import { A, C, Lines, Mailto, small, text } from "~/server/mail/templates/parts.server";

const HEAD_STYLE = `
body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}
@media only screen and (max-width:620px){
  .outer{padding:12px 8px!important}
  .card{padding:24px 18px!important}
  .btn{display:block!important;padding:14px 16px!important}
}`;

/**
 * List messages only (guide, newsletter, a product update): why the reader gets it, and how to
 * stop: the question and the link's words ("Don’t want these e-mails?", "Unsubscribe") unless the
 * message stops something narrower (a product update: "Stop product updates").
 */
export type ListFooter = { reason: string; unsubscribeUrl: string; question?: string; label?: string };

/** Business name and postal address (CAN-SPAM), support, and for list messages the unsubscribe link. */
export function Footer({ ctx, list }: { ctx: MailContext; list?: ListFooter }) {
  const line = { ...small, margin: "0 0 8px" };
  return (
    <Row>
      <Column className={TEXT_AS.footer} style={{ padding: "20px 4px 8px" }}>
        <Text className={TEXT_AS.line} style={{ ...line, fontWeight: 700, color: C.text }}>
          {ctx.businessName}
        </Text>
        <Text className={TEXT_AS.line} style={line}>
          <Lines value={ctx.businessAddress} />
        </Text>
        <Text className={TEXT_AS.line} style={line}>
          Support: <Mailto email={ctx.supportEmail} />
        </Text>
        {list && (
          <Text className={TEXT_AS.line} style={{ ...line, marginTop: "16px" }}>
            {`${list.reason} ${list.question ?? "Don’t want these e-mails?"} `}
            <A href={list.unsubscribeUrl} className={TEXT_AS.unsubscribe}>
              {list.label ?? "Unsubscribe"}
            </A>
          </Text>
        )}
      </Column>
    </Row>
  );
}

export function MailLayout({
  ctx,
  subject,
  preheader,
  list,
  children,
}: {
  ctx: MailContext;
  subject: string;
  /** The preview line inbox lists show after the subject. */
  preheader: string;
  list?: ListFooter;
  children: ReactNode;
}) {
  return (
    // A plain <html>: React Email's Html writes dir before lang, and the first attribute is lang here.
    <html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <title>{subject}</title>
        <style>{HEAD_STYLE}</style>
      </Head>
      <Body style={{ margin: 0, padding: 0, backgroundColor: C.page }}>
        <Preview>{preheader}</Preview>
        <Container className="outer" style={{ maxWidth: "600px", padding: "24px 12px" }}>
          <Row>
            <Column style={{ padding: "4px 4px 16px" }}>
              <Link
                href={ctx.origin}
                className={TEXT_AS.label}
                style={{ ...text, fontSize: "20px", lineHeight: "28px", fontWeight: 700, color: C.brandDark, textDecoration: "none" }}
              >
                {ctx.businessName}
              </Link>
            </Column>
          </Row>
          <Row>
            <Column
              className="card"
              style={{ padding: "32px", backgroundColor: C.card, border: `1px solid ${C.rule}`, borderRadius: "8px" }}
            >
              {children}
            </Column>
          </Row>
          <Footer ctx={ctx} list={list} />
        </Container>
      </Body>
    </html>
  );
}
