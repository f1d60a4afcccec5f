/** Types of boundaries.js (plain JavaScript so that eslint.config.js can read it). */
export declare const DOMAIN_IMPORTS: Record<string, string[]>;
export declare const COMPOSITION: string[];
