/**
 * Reference handlers for the cases of soiling.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 */
import type { CaseHandler } from '../schema.js';

export const handlers: CaseHandler[] = [];
