/**
 * RTK Query infinite-query options for the server's cursor paging (docs/api.md): the first page
 * has no cursor, and each page names the next one, null on the last.
 */
export const cursorPages = {
  initialPageParam: null,
  getNextPageParam: (lastPage: { next_cursor: string | null }) => lastPage.next_cursor,
}

/** The query parameter asking for the page after `cursor`; none for the first page. */
export const cursorParam = (cursor: string | null) => (cursor ? { cursor } : {})
