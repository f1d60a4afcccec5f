import { Form } from "react-router";

/** The blog's newsletter box. Its server side (storing the address) comes with the forms work. */
export function NewsletterForm() {
  return (
    <Form method="post" className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        required
        maxLength={255}
        autoComplete="email"
        placeholder="Enter your email"
        className="flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900"
      />
      <button type="submit" className="rounded-lg bg-accent-400 px-6 py-3 font-semibold text-slate-900 hover:bg-accent-500">
        Subscribe
      </button>
    </Form>
  );
}
