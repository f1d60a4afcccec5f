/**
 * The pages' Content Security Policy forbids eval: without this Zod's object parser probes
 * `new Function` (a CSP violation in the console) before falling back to the same checks.
 * Imported by root.tsx (every page, before any form is checked) and by the forms' module.
 */
import { z } from "zod";

z.config({ jitless: true });
