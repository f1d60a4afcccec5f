/** Where the home page asks for its live figures (app/routes/api/figures.ts): apart, so the page's bundle carries nothing else. */
export const FIGURES_PATH = "/api/figures";
export type Figures = { successStories: number | null };
