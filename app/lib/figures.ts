/** Where the home page asks for its live figures (app/routes/api/live-figures.ts): apart, so the page's bundle carries nothing else. */
export const FIGURES_PATH = "/api/figures";
/** The home badge's two lines from every approved review ("4.6 of 5", "12 buyer reviews"), or null below its threshold. */
export type Figures = { reviews: { value: string; label: string } | null };
