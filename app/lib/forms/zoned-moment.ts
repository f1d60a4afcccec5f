import { z } from "zod";
import { fromZonedInput } from "~/lib/dates";

/** An optional datetime-local in the zone: undefined when empty, `message` as its issue when it names no moment. */
export const zonedMomentField = (timeZone: string, message: string) =>
  z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const at = fromZonedInput(v, timeZone);
      if (!at) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return at;
    });
