/** Query keys of the evaluation desk; every desk mutation invalidates the lot it changed. */
export const evaluationKeys = {
  all: ['evaluation'] as const,
  taskLists: ['evaluation', 'tasks'] as const,
  tasks: (query: object) => ['evaluation', 'tasks', query] as const,
  lot: (tenderId: number, lotId?: number) => ['evaluation', 'lot', tenderId, lotId ?? 0] as const,
  sheet: (tenderId: number, lotId?: number) =>
    ['evaluation', 'lot', tenderId, lotId ?? 0, 'sheet'] as const,
  clarifications: (tenderId: number, lotId?: number) =>
    ['evaluation', 'lot', tenderId, lotId ?? 0, 'clarifications'] as const,
  report: (tenderId: number, lotId?: number, version?: number) =>
    ['evaluation', 'lot', tenderId, lotId ?? 0, 'report', version ?? 'latest'] as const,
};

/** Which lot a desk call is about (lotId may be left out on a one-lot tender). */
export interface LotRef {
  tenderId: number;
  lotId?: number;
}
