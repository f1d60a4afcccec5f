import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");

const PublicOrigin = z
  .url({ protocol: /^https?$/ })
  .default("http://localhost:3000")
  .transform((u) => new URL(u).origin);

/** Every setting the server reads, validated once at start-up (documented in .env.example). */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_ORIGIN: PublicOrigin,
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    TRUST_PROXY: booleanFlag,
    /** POSTs one client may send to one form per minute (tests and benchmarks raise it). */
    FORM_RATE_LIMIT_PER_MINUTE: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().min(1).max(1_000_000).default(10),
    ),
    PAYMENT_PROVIDER: z.enum(["stripe", "test"]).optional().or(z.literal("").transform(() => undefined)),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, "must start with sk_test_, sk_live_, rk_test_ or rk_live_")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, "must start with whsec_")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** For tests against a local fake Stripe server, e.g. http://127.0.0.1:12111 */
    STRIPE_API_BASE: z.url().optional().or(z.literal("").transform(() => undefined)),
  })
  .superRefine((env, ctx) => {
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
    if (env.STRIPE_SECRET_KEY && env.PAYMENT_PROVIDER !== "test" && !env.STRIPE_WEBHOOK_SECRET && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required in production with Stripe" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parse an environment; throws one message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
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
  const origin = PublicOrigin.safeParse(process.env.PUBLIC_ORIGIN || undefined);
  if (!origin.success) throw new Error(`Invalid configuration:\n  PUBLIC_ORIGIN: ${origin.error.issues[0]?.message}`);
  return { origin: origin.data, year: new Date().getFullYear() };
}
