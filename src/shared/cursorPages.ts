/**
 * An RTK Query infinite query over one of the server's cursor-paged lists (docs/api.md): the
 * first page has no cursor, each page names the next one (null on the last), and every request
 * asks for `limit` items with the parameters `paramsOf` makes from the query's argument.
 */
export function cursorPagedQuery<Arg>(
  url: string,
  limit: number,
  paramsOf: (arg: Arg) => Record<string, unknown>,
) {
  return {
    infiniteQueryOptions: {
      initialPageParam: null,
      getNextPageParam: (lastPage: { next_cursor: string | null }) => lastPage.next_cursor,
    },
    query: ({ queryArg, pageParam }: { queryArg: Arg; pageParam: string | null }) => ({
      url,
      params: { limit, ...paramsOf(queryArg), ...(pageParam ? { cursor: pageParam } : {}) },
    }),
  }
}
