/** Query keys of announcements and objections; every mutation invalidates `all`. */
export const announcementKeys = {
  all: ['announcement'] as const,
  list: (query: object) => ['announcement', 'list', query] as const,
  detail: (id: number) => ['announcement', 'detail', id] as const,
  objections: (query: object) => ['announcement', 'objections', query] as const,
};
