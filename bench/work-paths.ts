// The work paths measured on data and servers of their own, after the routes of the main run
// (each in its own file; `npm run bench -- --only <name>` runs one).
import type { WorkPath } from './harness.js';
import { evaluation } from './evaluation.js';
import { opening, openingLots } from './opening.js';

export const WORK_PATHS: WorkPath[] = [opening, openingLots, evaluation];
