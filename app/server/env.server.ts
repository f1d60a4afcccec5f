import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "../lib/dates";
import { DEFAULT_BUSINESS_NAME, DEFAULT_SUPPORT_EMAIL, type BusinessDetails } from "../lib/business";
import { BARE_EMAIL_PATTERN } from "../lib/email-address";
import { isPlaceholderUrl, PARTNER_IDS, PARTNERS } from "../lib/partners";
import { parseOwnerHash } from "./admin/owner-password.server";
import { parseSendgridPublicKey } from "./audience/sendgrid-key.server";

/**
 * The one rule for every setting: a variable set to nothing (or only spaces), as .env.example
 * leaves the optional ones, is unset: its default applies, or it is absent. Applied to the whole
 * environment before any field reads it (parseEnv, publicConfig, filePaths).
 */
function withoutBlanks(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ""),
  );
}

/** Only the named variables of the environment, blanks removed: a page's read of one setting need not copy them all. */
function settings(names: readonly string[]): Record<string, string> {
  return withoutBlanks(Object.fromEntries(names.map((name) => [name, process.env[name]])));
}

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const optionalText = z.string().trim().optional();

const PublicOrigin = z
  .url({ protocol: /^https?$/ })
  .default("http://localhost:3000")
  .transform((u) => new URL(u).origin);

type PartnerEnvVar = (typeof PARTNERS)[keyof typeof PARTNERS]["envVar"];

/** One variable per partner offer: the owner's tracked link (placeholders until set). */
const partnerUrl = (id: string) => z.url({ protocol: /^https?$/ }).default(`https://www.example.com/partners/${id}`);
const partnerUrlFields = Object.fromEntries(PARTNER_IDS.map((id) => [PARTNERS[id].envVar, partnerUrl(id)])) as Record<
  PartnerEnvVar,
  ReturnType<typeof partnerUrl>
>;

/**
 * Where the server finds files on disk. Read on their own (filePaths) as well as with the rest:
 * the build's prerendering reads the build's files without the server's settings.
 */
const FilePathFields = {
  /** Where `npm run build` writes the build and the server reads it (server/main.ts finds it on its own: this module is inside it). */
  BUILD_DIR: z.string().default("build"),
  /** Where the built product files are (npm run build:products). */
  PRODUCT_FILES_DIR: z.string().default("products/files"),
};

/**
 * The business's details as the environment gives them: the defaults of what the owner saves on
 * /admin/settings (app/server/content/business-details.server.ts, decision 069). Read on their own
 * too (businessDefaultsFromEnv): the build's prerendering writes them into the pages without the
 * server's other settings.
 */
const BusinessFields = {
  /** The business behind the site, printed in every e-mail's footer and on the legal pages. */
  BUSINESS_NAME: z.string().trim().min(1).default(DEFAULT_BUSINESS_NAME),
  /** Where buyers and readers write: every page's footer, the legal pages, the receipts' Reply-To. */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(BARE_EMAIL_PATTERN, "must be a bare address, e.g. support@example.com (no name, no <>)")
    .default(DEFAULT_SUPPORT_EMAIL)
    .transform((v) => v.toLowerCase()),
  /** The owner's own name, signing the welcome e-mails ("Jane Doe, Fresh Start Money"). Unset: "The <business> team". */
  OWNER_NAME: optionalText.pipe(z.string().max(80, "must be at most 80 characters").optional()),
  /** The postal address CAN-SPAM requires in every commercial e-mail (street, P.O. box or registered mailbox). */
  BUSINESS_ADDRESS: optionalText,
  /**
   * The business's one time zone (an IANA name): every date a buyer or the owner sees, in the
   * e-mails, on the order pages and in the dashboard, is written in it and names it (decision 047).
   */
  BUSINESS_TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
    .refine(isTimeZone, {
      error: (issue) =>
        `is not a time zone (${String(issue.input)}): use an IANA name such as America/New_York, America/Chicago or America/Los_Angeles`,
    })
    .transform(canonicalTimeZone),
};

/** Every setting the server reads, validated once at start-up (documented in .env.example). */
export const EnvSchema = z
  .object({
    ...FilePathFields,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_ORIGIN: PublicOrigin,
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    TRUST_PROXY: booleanFlag,
    /** On SIGTERM: how long requests in flight may take to finish before their connections are cut. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    /** POSTs one client may send to one form per minute (tests and benchmarks raise it). */
    FORM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    PAYMENT_PROVIDER: z.enum(["stripe", "test"]).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, "must start with sk_test_, sk_live_, rk_test_ or rk_live_")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "must start with whsec_")
      .optional(),
    /** For tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
    STRIPE_API_BASE: z.url().optional(),
    ...BusinessFields,
    /** smtp://user:pass@host:587 or smtps://user:pass@host:465: sends every e-mail through that server. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@smtp.example.net:587")
      .optional(),
    /** "file" writes every e-mail as an .eml file under DATA_DIR/mail instead of sending it. */
    MAIL_TRANSPORT: z.enum(["smtp", "file"]).optional(),
    /**
     * SendGrid's Signed Event Webhook verification key (base64, as its Mail Settings show it):
     * bounces and spam reports posted to /api/webhooks/sendgrid. Unset: that address answers 404.
     */
    SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText.superRefine((value, ctx) => {
      if (value !== undefined && !parseSendgridPublicKey(value)) {
        ctx.addIssue({ code: "custom", message: "must be the base64 verification key from SendGrid's Signed Event Webhook settings" });
      }
    }),
    /** SMTP connections kept open and used at once by each server's outbox worker. */
    SMTP_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
    /** List mail (broadcasts, sequence) per minute across every server process; 0 = no limit. */
    /** How long an outbox claim holds a row before another worker may take it (a crashed sender's rows wait this long). */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(4).max(3600).default(120),
    MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(0),
    MAIL_FROM: z.string().trim().min(3).default("Fresh Start Money <support@freshstartmoney.com>"),
    /** Receives the contact form's messages. */
    OWNER_EMAIL: z
      .string()
      .trim()
      .regex(BARE_EMAIL_PATTERN, "must be a bare address, e.g. owner@example.com (no name, no <>)")
      .default("support@freshstartmoney.com"),
    ...partnerUrlFields,
    /** The owner dashboard's password, as `npm run owner:hash` prints it (scrypt). Unset: no dashboard. */
    OWNER_PASSWORD_HASH: optionalText.superRefine((value, ctx) => {
      if (value === undefined) return;
      const parsed = parseOwnerHash(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.reason });
    }),
    /** Signs the owner's session cookie: at least 32 random characters (e.g. `openssl rand -base64 48`). */
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 48)").optional()),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") {
      for (const id of PARTNER_IDS) {
        const { envVar, name } = PARTNERS[id];
        const url = env[envVar];
        if (!URL.canParse(url)) continue; // already reported by the field's own check
        if (isPlaceholderUrl(url) || !url.startsWith("https://")) {
          ctx.addIssue({
            code: "custom",
            path: [envVar],
            message: `is ${isPlaceholderUrl(url) ? "a placeholder" : "not https"} (${url}): set it to your own https link for "${name}"`,
          });
        }
      }
    }
    if (env.PAYMENT_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "is required when PAYMENT_PROVIDER=stripe" });
    }
    if (env.NODE_ENV === "production" && !env.STRIPE_SECRET_KEY && env.PAYMENT_PROVIDER !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message:
          "no STRIPE_SECRET_KEY is set: in production the built-in test payment provider must be chosen explicitly with PAYMENT_PROVIDER=test",
      });
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_TRANSPORT=smtp" });
    }
    if (env.NODE_ENV === "production" && !env.SMTP_URL && env.MAIL_TRANSPORT !== "file") {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "is not set: in production e-mail must go out through SMTP (SMTP_URL=smtp://user:pass@host:587), or be written to files with MAIL_TRANSPORT=file explicitly",
      });
    }
    if (env.NODE_ENV === "production" && env.SMTP_URL && !env.BUSINESS_ADDRESS) {
      ctx.addIssue({
        code: "custom",
        path: ["BUSINESS_ADDRESS"],
        message: "is required in production: every e-mail must carry the business's postal address (CAN-SPAM)",
      });
    }
    if (env.NODE_ENV === "production" && Boolean(env.OWNER_PASSWORD_HASH) !== Boolean(env.SESSION_SECRET)) {
      const missing = env.OWNER_PASSWORD_HASH ? "SESSION_SECRET" : "OWNER_PASSWORD_HASH";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `is required with ${missing === "SESSION_SECRET" ? "OWNER_PASSWORD_HASH" : "SESSION_SECRET"}: the owner dashboard needs both (or neither, to leave it off)`,
      });
    }
    if (env.STRIPE_SECRET_KEY && env.PAYMENT_PROVIDER !== "test" && !env.STRIPE_WEBHOOK_SECRET && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required in production with Stripe" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** How e-mail leaves: SMTP when SMTP_URL is set (unless MAIL_TRANSPORT=file), else .eml files. */
export function mailTransportKind(e: Env): "smtp" | "file" {
  return e.MAIL_TRANSPORT ?? (e.SMTP_URL ? "smtp" : "file");
}

/** Parse an environment; throws one message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(withoutBlanks(source));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The allow-list of configuration that may reach the browser. Prerendering (at build time)
 * needs only this, so it parses only this: the server's own checks run when it starts.
 */
export function publicConfig() {
  const origin = PublicOrigin.safeParse(settings(["PUBLIC_ORIGIN"]).PUBLIC_ORIGIN);
  if (!origin.success) throw new Error(`Invalid configuration:\n  PUBLIC_ORIGIN: ${origin.error.issues[0]?.message}`);
  return { origin: origin.data, year: new Date().getFullYear() };
}

const FilePaths = z.object(FilePathFields);

/**
 * Where the build and the product files are: read on each call (tests point PRODUCT_FILES_DIR at a
 * directory of their own), and alone, without the server's other settings (prerendering reads built files).
 */
export function filePaths(): z.infer<typeof FilePaths> {
  return FilePaths.parse(settings(Object.keys(FilePathFields)));
}

const BusinessDefaults = z.object(BusinessFields);

/**
 * The business's details as the environment sets them (the defaults the owner's saved ones
 * override), read alone: the build's prerendering has the business's variables but not the
 * server's others. The sale e-mail to the owner is on by default.
 */
export function businessDefaultsFromEnv(): BusinessDetails {
  const parsed = BusinessDefaults.safeParse(settings(Object.keys(BusinessFields)));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    businessName: e.BUSINESS_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    postalAddress: e.BUSINESS_ADDRESS ?? null,
    signedBy: e.OWNER_NAME ?? null,
    timeZone: e.BUSINESS_TIME_ZONE,
    saleEmails: true,
  };
}
