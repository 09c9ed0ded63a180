/** Query keys of the marks feature: the person's Archive. */
export const marksKeys = {
  all: ['marks'] as const,
  archive: () => [...marksKeys.all, 'archive'] as const,
};
