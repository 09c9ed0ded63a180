/** Query keys of the timeline: its months, and each month's photos; Photos, or its favourites. */
export const timelineKeys = {
  all: ['timeline'] as const,
  months: (favourites = false) =>
    [...timelineKeys.all, favourites ? 'favourites' : 'photos', 'months'] as const,
  month: (month: string, favourites = false) =>
    [...timelineKeys.all, favourites ? 'favourites' : 'photos', 'month', month] as const,
};
