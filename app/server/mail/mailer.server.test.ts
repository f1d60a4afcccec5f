import { describe, expect, it } from "vitest";
import { withBusiness, type MailSettings } from "~/server/mail/mailer.server";
import { signature } from "~/server/mail/templates/list-message.server";

/** The environment's settings as the server builds them (mailSettingsFromEnv), for a business that set none of its own. */
const FROM_ENV: MailSettings = {
  from: "Fresh Start Money <support@freshstartmoney.com>",
  context: {
    businessName: "Fresh Start Money",
    ownerName: "Jane Doe",
    businessAddress: "1 Main St\nAustin, TX 78701",
    supportEmail: "support@freshstartmoney.com",
    origin: "https://shop.example",
    timeZone: "America/New_York",
  },
};

describe("withBusiness: the owner's saved details over the environment's (decision 069)", () => {
  it("changes nothing when nothing is saved", () => {
    expect(withBusiness(FROM_ENV, {})).toEqual(FROM_ENV);
  });

  it("puts each saved detail in the messages' context; the sender's name follows the business name, its address stays MAIL_FROM's", () => {
    const settings = withBusiness(FROM_ENV, {
      businessName: "Bright Path Money",
      supportEmail: "help@brightpath.example",
      postalAddress: "PO Box 42\nSpringfield, IL 62701",
      signedBy: "Dana Reyes",
      timeZone: "America/Chicago",
    });
    expect(settings).toEqual({
      from: "Bright Path Money <support@freshstartmoney.com>",
      context: {
        ...FROM_ENV.context,
        businessName: "Bright Path Money",
        supportEmail: "help@brightpath.example",
        businessAddress: "PO Box 42\nSpringfield, IL 62701",
        ownerName: "Dana Reyes",
        timeZone: "America/Chicago",
      },
    });
    expect(signature(settings.context)).toEqual(["Dana Reyes", "Bright Path Money"]);
  });

  it("keeps the server's product store, so a send names products from memory, not a read of the table per message", () => {
    const products = {
      byId: () => undefined,
      name: (id: string) => id,
      toolkit: () => {
        throw new Error("unused");
      },
    } as unknown as MailSettings["products"];
    expect(withBusiness({ ...FROM_ENV, products }, { businessName: "Bright Path Money" }).products).toBe(products);
  });

  it("a saved empty signature is the team's, whatever OWNER_NAME says", () => {
    const settings = withBusiness(FROM_ENV, { signedBy: null });
    expect(settings.context.ownerName).toBeUndefined();
    expect(signature(settings.context)).toEqual(["The Fresh Start Money team"]);
  });

  it("quotes a business name that is more than words, and leaves a sender of its own name alone", () => {
    expect(withBusiness(FROM_ENV, { businessName: 'Smith & "Sons", LLC' }).from).toBe(
      '"Smith & \\"Sons\\", LLC" <support@freshstartmoney.com>',
    );
    const own = { ...FROM_ENV, from: "Jane at Fresh Start <jane@freshstartmoney.com>" };
    expect(withBusiness(own, { businessName: "Bright Path Money" }).from).toBe(own.from);
  });
});
