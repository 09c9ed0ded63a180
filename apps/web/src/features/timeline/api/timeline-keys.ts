/** Query keys of the timeline: its months, and each month's photos. */
export const timelineKeys = {
  all: ['timeline'] as const,
  months: () => [...timelineKeys.all, 'months'] as const,
  month: (month: string) => [...timelineKeys.all, 'month', month] as const,
};
