import { ComingSoon } from '../../shared/ComingSoon'

export default function MemberListScreen() {
  return <ComingSoon />
}
