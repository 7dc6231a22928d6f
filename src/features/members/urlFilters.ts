import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAppDispatch } from '../../app/hooks'
import { FILTER_STATUSES, type StatusFilter } from '../../domain'
import { filtersCleared, filtersToggled, searchSettled, statusFilterChanged } from './membersSlice'

/**
 * A filter in the list's address (from the home screen, or a bookmark) becomes the list's
 * filter, shown open, through the slice's own events; the address is then cleaned, so that the
 * filters the user changes afterwards are the only truth.
 */
export function useFiltersFromUrl(visible: boolean) {
  const location = useLocation()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const status = params.get('status')
    const q = params.get('q')
    if (status === null && q === null) return
    dispatch(filtersCleared())
    if (status && FILTER_STATUSES.includes(status as StatusFilter))
      dispatch(statusFilterChanged(status as StatusFilter))
    if (q?.trim()) dispatch(searchSettled(q.trim()))
    if (!visible) dispatch(filtersToggled())
    // Whose members (admins, auditors) stays in the address: it is the list's own state there.
    const owner = params.get('owner')
    const search = owner ? `?${new URLSearchParams({ owner }).toString()}` : ''
    navigate({ pathname: location.pathname, search }, { replace: true, state: location.state })
    // Only a new address is read; `visible` is the state at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search])
}
