import { ComingSoon } from '../../shared/ComingSoon'

export default function IdCardScreen() {
  return <ComingSoon />
}
