import {
  createAction,
  createSlice,
  isAnyOf,
  type CreateSliceOptions,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit'

/** App-wide events that several slices react to. */
export const sessionExpired = createAction('session/expired')
export const loggedOut = createAction('session/loggedOut')

/** The session is over, however it ended: slices of what the last person did reset on it. */
export const sessionEnded = isAnyOf(sessionExpired, loggedOut)

/**
 * createSlice for a slice of what the signed-in person is doing: on sessionEnded it returns to
 * its initial state, so the next person at the same browser starts clean.
 */
export function createSessionSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  Selectors extends SliceSelectors<State>,
  ReducerPath extends string = Name,
>(
  options: CreateSliceOptions<State, CaseReducers, Name, ReducerPath, Selectors> & {
    initialState: State
  },
): Slice<State, CaseReducers, Name, ReducerPath, Selectors> {
  return createSlice({
    ...options,
    extraReducers: (builder) => {
      // The feature's own cases first: a builder takes no addCase after an addMatcher.
      options.extraReducers?.(builder)
      builder.addMatcher(sessionEnded, () => options.initialState)
    },
  })
}
