import { ComingSoon } from '../../shared/ComingSoon'

export default function MemberDetailScreen() {
  return <ComingSoon />
}
